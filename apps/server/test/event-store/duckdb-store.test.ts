import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../src/modules/event-store/duckdb-store.js';
import { defineEventStoreContract } from './contract.js';

describe('DuckDB event store', () => {
  let dir: string;
  const contract = defineEventStoreContract({
    open: () => {
      dir = mkdtempSync(join(tmpdir(), 'events-'));
      return openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });

  it('keeps the events in the file across a reopen', async () => {
    await contract.store.close();
    contract.store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    expect(await contract.total([])).toBe(180);
  });
});
