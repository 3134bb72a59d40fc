import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, listValue } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../../src/modules/event-store/duckdb-store.js';
import { EVENT_DEDUPE_WINDOW_MS } from '../../src/modules/event-store/event-store.js';
import { reqIdHash, reqIdHashOf, reqIdTable } from '../../src/modules/event-store/duckdb-schema.js';
import { ALL, makeEvent, MINUTE, T0 } from './contract.js';

/**
 * The req_id search reads the req_id tables first (duckdb-schema.ts, REQ_ID_TABLES): it must find
 * every stored row of an id, newest first and page by page, and not what a purge removed.
 */
describe('DuckDB search by req_id', () => {
  let dir: string;
  let store: DuckDbEventStore;
  const file = (): string => join(dir, DUCKDB_EVENTS_FILE);
  // One id stored three times, each outside the dedupe window of the others, among other rows.
  const gap = EVENT_DEDUPE_WINDOW_MS + MINUTE;
  const repeated = [0, 1, 2].map((n) => ({ ...makeEvent('alpha', 7), timestamp: T0 + n * gap, bytes_sent: n }));
  const others = Array.from({ length: 200 }, (_, i) => makeEvent('alpha', i + 100));
  const range = { ...ALL, to: T0 + 3 * gap };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'req-ids-'));
    store = await openDuckDbEventStore(file());
    for (const event of repeated) await store.insert([event, ...others]);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pages = async (): Promise<number[][]> => {
    const seen: number[][] = [];
    let cursor: string | undefined;
    do {
      const page = await store.search({ ...range, reqId: repeated[0]!.req_id, limit: 2, cursor });
      seen.push(page.rows.map((row) => row.bytes_sent));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  };

  it('finds each stored row of one id, newest first, page by page', async () => {
    expect(await pages()).toEqual([[2, 1], [0]]);
    const one = await store.search({ ...range, reqId: others[5]!.req_id, limit: 10 });
    expect(one.rows).toEqual([others[5]]);
    expect((await store.search({ ...range, reqId: 'alpha-none', limit: 10 })).rows).toEqual([]);
  });

  it('applies the range and the filters to the rows it finds', async () => {
    const older = await store.search({ ...range, to: T0 + gap, reqId: repeated[0]!.req_id, limit: 10 });
    expect(older.rows.map((row) => row.bytes_sent)).toEqual([0]);
    const byStatus = (op: 'gt' | 'lt') =>
      store.search({ ...range, filters: [{ field: 'status', op, value: 400 }], reqId: repeated[0]!.req_id, limit: 10 });
    expect((await byStatus('gt')).rows).toEqual([]);
    expect((await byStatus('lt')).rows.map((row) => row.bytes_sent)).toEqual([2, 1, 0]);
  });

  it('does not find what a purge removed', async () => {
    await store.purge({ groupName: 'alpha', before: T0 + gap });
    expect(await pages()).toEqual([[2, 1]]);
  });

  it('fills the req_id table of a file written before it existed when it is opened', async () => {
    await store.close();
    const instance = await DuckDBInstance.create(file());
    const connection = await instance.connect();
    // One partition gone is enough for all of them to be filled again.
    await connection.run(`DROP TABLE ${reqIdTable(3)}`);
    connection.closeSync();
    instance.closeSync();
    store = await openDuckDbEventStore(file());
    expect(await pages()).toEqual([[2, 1], [0]]);
  });

  // The search hashes an id in JS and the insert in SQL: a difference would find nothing.
  it('hashes an id in JS exactly as DuckDB stores it', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const samples = fc.sample(fc.string({ unit: 'binary', maxLength: 80 }), { numRuns: 300, seed: 13 });
    samples.push('', 'a', '6cf764cffb5275fb60752d20628453765yc1s', '请求-編號-🌐', 'x'.repeat(1000));
    const reader = await connection.runAndReadAll(`SELECT ${reqIdHash('unnest($1::VARCHAR[])')}`, [listValue(samples)]);
    expect(reader.getRowsJS().map(([hash]) => Number(hash))).toEqual(samples.map(reqIdHashOf));
    connection.closeSync();
    instance.closeSync();
  });
});
