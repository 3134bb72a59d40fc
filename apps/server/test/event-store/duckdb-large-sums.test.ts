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
import { makeEvent, MINUTE, T0 } from './contract.js';

/**
 * A record may say it sent up to Number.MAX_SAFE_INTEGER bytes. The rollups once kept each
 * bucket's bytes as a BIGINT: a bucket past 2^63 failed the batch (500), and a fold that failed
 * so failed every later batch of every group until a restart.
 */

const ALL = { from: T0 - 60 * MINUTE, to: T0 + 120 * MINUTE, filters: [] };
const HUGE = Number.MAX_SAFE_INTEGER;

/** `count` events of `group` in one minute, each of `bytes`. */
const batch = (group: string, from: number, count: number, bytes: number): StoredEvent[] =>
  Array.from({ length: count }, (_, i) => ({ ...makeEvent(group, from + i), timestamp: T0, bytes_sent: bytes }));

describe('DuckDB event store, byte sums past 64 bits', () => {
  let dir: string;
  let store: DuckDbEventStore | undefined;

  afterEach(async () => {
    await store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, folds and sums buckets whose bytes pass 2^63, and keeps taking every group', async () => {
    dir = mkdtempSync(join(tmpdir(), 'events-sums-'));
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE), { foldAfterRows: 1 });
    // 1,100 × 2^53 is past 2^63 in one batch; the next batches fold into the same bucket.
    await store.insert(batch('beta', 0, 1100, HUGE));
    await store.insert(batch('beta', 2000, 600, HUGE));
    await store.insert(batch('alpha', 0, 50, 1000));
    const bytes = await store.timeSeries({ ...ALL, groupName: 'beta', bucketMs: 180 * MINUTE, metric: 'bytes' });
    expect(bytes).toHaveLength(1);
    expect(bytes[0]!.value / (1700 * HUGE)).toBeCloseTo(1, 12);
    const top = await store.topN({ ...ALL, groupName: 'beta', dimension: 'country', n: 10, metric: 'bytes' });
    expect(top.reduce((sum, row) => sum + row.value, 0) / (1700 * HUGE)).toBeCloseTo(1, 12);
    const alpha = await store.timeSeries({ ...ALL, groupName: 'alpha', bucketMs: 180 * MINUTE, metric: 'bytes' });
    expect(alpha[0]?.value).toBe(50_000);
  });
});
