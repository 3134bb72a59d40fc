import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { TIME_RANGE_CUSTOM_INDEX, storedEventSchema } from '@parapet/shared';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../src/modules/event-store/duckdb-store.js';
import type { EventStore, SearchQuery } from '../../src/modules/event-store/event-store.js';

type StoredEventInput = z.input<typeof storedEventSchema>;

/** A stored event with the record's defaults filled in. */
export function storedEvent(fields: Partial<StoredEventInput> & Pick<StoredEventInput, 'req_id' | 'timestamp'>) {
  return storedEventSchema.parse({
    server_name: 'shop.example.com',
    client_ip: '203.0.113.9',
    status: 200,
    group_name: 'nobody',
    customer_package: 'standard',
    ...fields,
  });
}

/** A custom range around `now`: `hoursBack` hours before it to a minute after. */
export const customRange = (now: number, hoursBack: number) => ({
  index: TIME_RANGE_CUSTOM_INDEX,
  from: now - hoursBack * 3_600_000,
  to: now + 60_000,
});

/** A DuckDB store in a folder of its own that records every search it is asked. */
export async function spiedEventStore(): Promise<{ store: EventStore; searches: SearchQuery[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'event-logs-'));
  const inner = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
  const searches: SearchQuery[] = [];
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'search')
        return (query: SearchQuery, signal?: AbortSignal) => {
          searches.push(query);
          return target.search(query, signal);
        };
      if (property === 'close')
        return async () => {
          await target.close();
          rmSync(dir, { recursive: true, force: true });
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store, searches };
}
