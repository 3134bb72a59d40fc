import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../../src/modules/event-store/duckdb-store.js';
import { interruptible } from '../../src/modules/event-store/duckdb-interrupt.js';
import { EventReadAbortedError } from '../../src/modules/event-store/event-store.js';
import { ALL, makeEvent, MINUTE } from './contract.js';

/** A statement that runs for many seconds on this machine: the sum of twenty billion numbers. */
const LONG = 'SELECT sum(i) FROM range(20000000000) t(i)';

describe('a DuckDB read its caller left', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  it('is interrupted at once, and the connection answers the next read in its transaction', async () => {
    const caller = new AbortController();
    const started = performance.now();
    setTimeout(() => caller.abort(), 50);
    await connection.run('BEGIN TRANSACTION');
    await expect(interruptible(connection, caller.signal, () => connection.runAndReadAll(LONG))).rejects.toBeInstanceOf(
      EventReadAbortedError,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    await connection.run('ROLLBACK');
    const next = await interruptible(connection, new AbortController().signal, () =>
      connection.runAndReadAll('SELECT 42'),
    );
    expect(next.getRowsJS()).toEqual([[42]]);
  });

  it('does not start for a caller already gone, and leaves other failures as they are', async () => {
    const gone = new AbortController();
    gone.abort();
    let ran = false;
    await expect(
      interruptible(connection, gone.signal, async () => {
        ran = true;
        return connection.runAndReadAll('SELECT 1');
      }),
    ).rejects.toBeInstanceOf(EventReadAbortedError);
    expect(ran).toBe(false);
    await expect(
      interruptible(connection, new AbortController().signal, () => connection.runAndReadAll('SELECT nonsense_column')),
    ).rejects.not.toBeInstanceOf(EventReadAbortedError);
  });
});

describe('the DuckDB store, for a caller already gone', () => {
  let dir: string;
  let store: DuckDbEventStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'interrupt-'));
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    await store.insert(Array.from({ length: 20 }, (_, i) => makeEvent('alpha', i)));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Every read the dashboard and the event log ask takes the caller's signal (core/client-leaves.ts).
  const reads = (signal: AbortSignal) => ({
    timeSeries: () => store.timeSeries({ ...ALL, bucketMs: MINUTE, metric: 'requests' }, signal),
    topN: () => store.topN({ ...ALL, dimension: 'country', n: 3, metric: 'requests' }, signal),
    search: () => store.search({ ...ALL, limit: 5 }, signal),
    count: () => store.count(ALL, signal),
  });

  it('refuses each read with EventReadAbortedError, and answers it for a caller still there', async () => {
    const gone = new AbortController();
    gone.abort();
    for (const read of Object.values(reads(gone.signal)))
      await expect(read()).rejects.toBeInstanceOf(EventReadAbortedError);
    const here = reads(new AbortController().signal);
    expect((await here.timeSeries()).length).toBeGreaterThan(0);
    expect(await here.topN()).toHaveLength(3);
    expect((await here.search()).rows).toHaveLength(5);
    expect(await here.count()).toBe(20);
  });
});
