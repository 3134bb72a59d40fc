import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { interruptible } from '../../src/modules/event-store/duckdb-interrupt.js';
import { EventReadAbortedError } from '../../src/modules/event-store/event-store.js';

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
