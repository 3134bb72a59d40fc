import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../src/modules/event-store/duckdb-store.js';
import type { StoredEvent } from '@parapet/shared';
import { defineEventStoreContract, makeEvent, MINUTE, T0 } from './contract.js';

describe('DuckDB event store', () => {
  let dir: string;
  const contract = defineEventStoreContract({
    open: () => {
      dir = mkdtempSync(join(tmpdir(), 'events-'));
      return openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });

  it('leaves nothing staged of a batch whose hand-over fails part-way, so the next batch goes in alone', async () => {
    // The staging rows are committed apart from the batch's transaction (duckdb-store.ts, stage):
    // a value the appender cannot take, after a whole chunk of good ones, fails the hand-over
    // once that chunk is in.
    const good = Array.from({ length: 3000 }, (_, i) => ({ ...makeEvent('eta', 0), req_id: `eta-${i}` }));
    const broken = { ...makeEvent('eta', 1), timestamp: 'soon' } as unknown as StoredEvent;
    await expect(contract.store.insert([...good, broken])).rejects.toThrow();
    const next = [makeEvent('theta', 1), makeEvent('theta', 2)];
    expect(await contract.store.insert(next)).toEqual({ inserted: 2, duplicates: 0 });
    const all = { from: T0 - 60 * MINUTE, to: T0 + 120 * MINUTE, filters: [], limit: 10 };
    expect((await contract.store.search({ ...all, groupName: 'eta' })).rows).toEqual([]);
    expect((await contract.store.search({ ...all, groupName: 'theta' })).rows.map((e) => e.req_id).sort()).toEqual(
      next.map((e) => e.req_id).sort(),
    );
  });

  it('keeps the events in the file across a reopen', async () => {
    await contract.store.close();
    contract.store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    expect(await contract.total([])).toBe(180);
  });
});
