import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '@parapet/shared';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
  type DuckDbStoreOptions,
} from '../../src/modules/event-store/duckdb-store.js';
import { makeEvent, MINUTE, T0 } from './contract.js';

/**
 * Batches that wait for the writer go in together (duckdb-store.ts, insert): one transaction for
 * all of them, each caller answered for its own events as if its batch had gone in alone, in
 * the order asked.
 */

const ALL = { from: T0 - 60 * MINUTE, to: T0 + 120 * MINUTE, filters: [] };

/** `count` events of the group, numbered from `from`. */
const batch = (group: string, from: number, count: number): StoredEvent[] =>
  Array.from({ length: count }, (_, i) => makeEvent(group, from + i));

describe('DuckDB event store, batches loaded together', () => {
  let dir: string;
  let store: DuckDbEventStore | undefined;

  const open = async (options: DuckDbStoreOptions = {}) => {
    dir = mkdtempSync(join(tmpdir(), 'events-merged-'));
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE), options);
    return store;
  };
  /** The transactions the store commits from now on. */
  const commits = () => {
    const run = vi.spyOn(DuckDBConnection.prototype, 'run');
    return () => run.mock.calls.filter(([sql]) => sql === 'COMMIT').length;
  };
  const stored = async (events: DuckDbEventStore, group: string) =>
    (await events.timeSeries({ ...ALL, groupName: group, bucketMs: 180 * MINUTE, metric: 'requests' })).reduce(
      (total, point) => total + point.value,
      0,
    );

  afterEach(async () => {
    vi.restoreAllMocks();
    await store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads batches asked for together in one transaction, answering each for its own events', async () => {
    const events = await open();
    await events.insert(batch('alpha', 0, 10));
    const committed = commits();
    const results = await Promise.all([
      events.insert(batch('alpha', 10, 20)),
      // Five of alpha's stored ids, five the batch before it holds (25–29), and fifteen new ones.
      events.insert([...batch('alpha', 5, 5), ...batch('alpha', 25, 20)]),
      // A repeat within the batch itself, and one of the first batch of the group.
      events.insert([...batch('beta', 0, 8), makeEvent('beta', 3), makeEvent('alpha', 12)]),
    ]);
    expect(committed()).toBe(1);
    expect(results).toEqual([
      { inserted: 20, duplicates: 0 },
      { inserted: 15, duplicates: 10 },
      { inserted: 8, duplicates: 2 },
    ]);
    expect(await stored(events, 'alpha')).toBe(45);
    expect(await stored(events, 'beta')).toBe(8);
  });

  it('answers as loading the same batches one by one does', async () => {
    const batches = [batch('gamma', 0, 40), batch('gamma', 30, 40), batch('delta', 0, 15), batch('gamma', 60, 5)];
    const one = await open();
    const alone = [];
    for (const events of batches) alone.push(await one.insert(events));
    const totals = [await stored(one, 'gamma'), await stored(one, 'delta')];
    await one.close();
    rmSync(dir, { recursive: true, force: true });
    const together = await open();
    expect(await Promise.all(batches.map((events) => together.insert(events)))).toEqual(alone);
    expect([await stored(together, 'gamma'), await stored(together, 'delta')]).toEqual(totals);
  });

  it('fails only the batch at fault: its neighbours go in again on their own', async () => {
    const events = await open();
    const broken = { ...makeEvent('eta', 1), timestamp: 'soon' } as unknown as StoredEvent;
    const [first, bad, last] = await Promise.allSettled([
      events.insert(batch('eta', 10, 5)),
      events.insert([makeEvent('eta', 0), broken]),
      events.insert(batch('theta', 0, 7)),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: { inserted: 5, duplicates: 0 } });
    expect(bad.status).toBe('rejected');
    expect(last).toEqual({ status: 'fulfilled', value: { inserted: 7, duplicates: 0 } });
    expect(await stored(events, 'eta')).toBe(5);
    expect(await stored(events, 'theta')).toBe(7);
  });

  it('gathers at most the rows it is given, and starts a new group past them', async () => {
    const events = await open({ insertMergeMaxRows: 50 });
    const committed = commits();
    const results = await Promise.all([
      events.insert(batch('iota', 0, 30)),
      events.insert(batch('iota', 30, 20)),
      events.insert(batch('iota', 50, 30)),
      // Larger than the most on its own: it goes in alone.
      events.insert(batch('kappa', 0, 60)),
    ]);
    expect(committed()).toBe(3);
    expect(results.map((result) => result.inserted)).toEqual([30, 20, 30, 60]);
  });

  it('keeps the order of a purge asked for between batches', async () => {
    const events = await open();
    const old = batch('lambda', 0, 10).map((event) => ({ ...event, timestamp: T0 - 30 * MINUTE }));
    const again = batch('lambda', 10, 10).map((event) => ({ ...event, timestamp: T0 - 30 * MINUTE }));
    const [, purged] = await Promise.all([
      events.insert(old),
      events.purge({ groupName: 'lambda', before: T0 }),
      events.insert(again),
    ]);
    // The purge runs after the first batch and before the second, as asked.
    expect(purged).toBe(10);
    expect(await stored(events, 'lambda')).toBe(10);
  });
});
