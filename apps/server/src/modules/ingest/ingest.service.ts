import { toStoredEvent, type IngestResult, type StoredEvent } from '@parapet/shared';
import type { EventStore } from '../event-store/event-store.js';
import { canonicalServerName, type ResolveServerName } from './line-resolver.js';
import { parseBatch } from './parse-batch.js';

export interface IngestDeps {
  /** The server-name matcher for this batch (one map lookup per distinct name). */
  resolveLines: () => Promise<ResolveServerName>;
  /** GeoIP country of an address, undefined when it has none. */
  countryOf: (ip: string) => string | undefined;
  events: () => Promise<EventStore>;
}

/**
 * One batch: parse and check every line, file each record under the line its server_name
 * names (records of unknown names are counted and dropped, never filed under another group),
 * fill a missing country from GeoIP, and store the rest; the store drops repeated req_ids.
 * ISP is stored as sent: no ISP database ships on the registry (ARCHITECTURE §8).
 */
export async function ingestBatch(deps: IngestDeps, body: string): Promise<IngestResult> {
  const { records, rejected, rejectedCount } = parseBatch(body);
  const resolve = await deps.resolveLines();
  const events: StoredEvent[] = [];
  let unknownServerName = 0;
  // A client sends many requests in a batch: each address is looked up once.
  const countries = new Map<string, string>();
  const countryOf = (ip: string): string => {
    let country = countries.get(ip);
    if (country === undefined) countries.set(ip, (country = deps.countryOf(ip) ?? ''));
    return country;
  };
  for (const record of records) {
    const line = resolve(record.server_name);
    if (!line) {
      unknownServerName++;
      continue;
    }
    events.push(
      toStoredEvent(
        // Stored as matched: `SHOP.example.com.` and `shop.example.com:443` are the line's domain.
        { ...record, server_name: canonicalServerName(record.server_name) },
        {
          country: record.country || countryOf(record.client_ip),
          group_name: line.groupName,
          customer_package: line.customerPackage,
        },
      ),
    );
  }
  const { inserted, duplicates } =
    events.length > 0 ? await (await deps.events()).insert(events) : { inserted: 0, duplicates: 0 };
  return { accepted: inserted, duplicates, unknownServerName, rejected, rejectedCount };
}
