import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@parapet/shared';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../../src/modules/event-store/duckdb-store.js';
import type { EventRange } from '../../src/modules/event-store/event-store.js';
import { makeEvent, MINUTE, T0 } from './contract.js';

/**
 * Reads beside writes (docs/soak.md): the store reads on connections of their own, so a read
 * does not wait for an insert (and its fold) to finish, and sees a batch whole or not at all.
 */

const HOUR = 60 * MINUTE;
const RANGE: EventRange = { groupName: 'alpha', from: T0, to: T0 + HOUR, filters: [] };

/** `count` events of alpha within the hour, ids from `prefix`: copies of a parsed event, cheap to make in bulk. */
function bulk(prefix: string, count: number): StoredEvent[] {
  const template = makeEvent('alpha', 1);
  return Array.from({ length: count }, (_, i) => ({
    ...template,
    req_id: `${prefix}-${i}`,
    timestamp: T0 + ((i * 7919) % HOUR),
    status: i % 5 === 0 ? 404 : 200,
  }));
}

describe('DuckDB event store, reads beside writes', () => {
  let dir: string;
  let store: DuckDbEventStore | undefined;

  const open = async (options: Parameters<typeof openDuckDbEventStore>[1] = {}) => {
    dir = mkdtempSync(join(tmpdir(), 'events-concurrency-'));
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE), options);
    return store;
  };
  const total = async (events: DuckDbEventStore | ReturnType<DuckDbEventStore['rawScans']>) =>
    (await events.timeSeries({ ...RANGE, bucketMs: HOUR, metric: 'requests' })).reduce((t, p) => t + p.value, 0);

  afterEach(async () => {
    await store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers reads while a long insert runs, each seeing the batch wholly or not at all', async () => {
    const events = await open();
    await events.insert(bulk('base', 1000));
    const big = bulk('big', 150_000);
    let written = false;
    const write = events.insert(big).then((result) => {
      written = true;
      return result;
    });
    // Reads one after another for as long as the insert runs: with one queue for everything,
    // the first of them would only start once the insert had finished.
    const seen: number[] = [];
    let duringWrite = 0;
    while (!written) {
      const [count, page] = await Promise.all([
        total(events),
        events.search({ ...RANGE, filters: [{ field: 'status', op: 'is', value: 404 }], limit: 5 }),
      ]);
      if (!written) duringWrite++;
      seen.push(count);
      expect(page.rows.every((row) => row.status === 404)).toBe(true);
    }
    expect(await write).toEqual({ inserted: 150_000, duplicates: 0 });
    expect(duringWrite).toBeGreaterThan(0);
    // Never a part of the batch: its events and rollup rows commit in one transaction.
    for (const count of seen) expect([1000, 151_000]).toContain(count);
    expect(await total(events)).toBe(151_000);
  }, 120_000);

  it('keeps every read consistent while batches are inserted and their rollups folded', async () => {
    // A fold after every 500 overlapping rows: each batch below folds, while the reads run.
    const events = await open({ foldAfterRows: 500 });
    const batches = 12;
    const size = 2000;
    let done = false;
    const writes = (async () => {
      for (let batch = 0; batch < batches; batch++) await events.insert(bulk(`batch${batch}`, size));
      done = true;
    })();
    const reads: Promise<void>[] = [0, 1, 2].map(async (reader) => {
      let last = 0;
      while (!done) {
        // Rollups on one reader, the raw table on another, and the top list on the third.
        const count =
          reader === 0
            ? await total(events)
            : reader === 1
              ? await total(events.rawScans())
              : (await events.topN({ ...RANGE, dimension: 'status', n: 10, metric: 'requests' })).reduce(
                  (t, entry) => t + entry.value,
                  0,
                );
        // Whole batches only, and never fewer than an earlier read saw.
        expect(count % size, `reader ${reader} saw ${count}`).toBe(0);
        expect(count).toBeGreaterThanOrEqual(last);
        last = count;
      }
    });
    await Promise.all([writes, ...reads]);
    expect(await total(events)).toBe(batches * size);
    expect(await total(events.rawScans())).toBe(batches * size);
    const top = await events.topN({ ...RANGE, dimension: 'status', n: 10, metric: 'requests' });
    expect(top).toEqual([
      { key: '200', value: (batches * size * 4) / 5 },
      { key: '404', value: (batches * size) / 5 },
    ]);
  }, 120_000);

  it('closes only once the reads running have finished', async () => {
    const events = await open({ readers: 1 });
    await events.insert(bulk('base', 500));
    const reads = Promise.allSettled(Array.from({ length: 4 }, () => total(events)));
    await events.close();
    store = undefined;
    // The first read held the only connection and finished; the ones waiting were refused.
    const settled = await reads;
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 500 });
    for (const later of settled.slice(1)) expect(later.status).toBe('rejected');
  });
});
