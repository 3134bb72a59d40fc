import {
  INGEST_REJECTED_LIST_MAX,
  toStoredEvent,
  type IngestRejectedLine,
  type IngestResult,
  type StoredEvent,
} from '@parapet/shared';
import type { EventStore } from '../event-store/event-store.js';
import { keptFrom } from '../event-store/retention.js';
import { canonicalServerName, type ResolveServerName } from './line-resolver.js';
import { parseBatch } from './parse-batch.js';

export interface IngestDeps {
  /** The server-name matcher for this batch (one map lookup per distinct name). */
  resolveLines: () => Promise<ResolveServerName>;
  /** GeoIP country of an address, undefined when it has none. */
  countryOf: (ip: string) => string | undefined;
  /** ISP (the AS organisation) of an address, undefined when it has none. */
  ispOf: (ip: string) => string | undefined;
  events: () => Promise<EventStore>;
}

/**
 * One batch: parse and check every line, file each record under the line its server_name
 * names (records of unknown names are counted and dropped, never filed under another group),
 * fill a missing country and ISP from GeoIP, and store the rest; the store drops repeated req_ids.
 * A record older than its group's plan keeps events is refused by its line, as a time no plan
 * keeps is by parseBatch: stored, it would show in the group's views until the next purge, then
 * vanish.
 */
export async function ingestBatch(deps: IngestDeps, body: string, now = Date.now()): Promise<IngestResult> {
  const parsed = parseBatch(body, now);
  const resolve = await deps.resolveLines();
  const events: StoredEvent[] = [];
  let unknownServerName = 0;
  const tooOld: IngestRejectedLine[] = [];
  const countryOf = oncePerAddress(deps.countryOf);
  const ispOf = oncePerAddress(deps.ispOf);
  parsed.records.forEach((record, index) => {
    const line = resolve(record.server_name);
    if (!line) {
      unknownServerName++;
      return;
    }
    if (record.timestamp < keptFrom(line.plan, now)) {
      tooOld.push({
        line: parsed.lineNumbers[index]!,
        reason: 'invalid_record',
        fields: { timestamp: 'range_too_early' },
      });
      return;
    }
    events.push(
      toStoredEvent(
        // Stored as matched: `SHOP.example.com.` and `shop.example.com:443` are the line's domain.
        {
          ...record,
          server_name: canonicalServerName(record.server_name),
          isp: record.isp || ispOf(record.client_ip),
        },
        {
          country: record.country || countryOf(record.client_ip),
          group_name: line.groupName,
          customer_package: line.customerPackage,
        },
      ),
    );
  });
  const { inserted, duplicates } =
    events.length > 0 ? await (await deps.events()).insert(events) : { inserted: 0, duplicates: 0 };
  // In line order, the first INGEST_REJECTED_LIST_MAX of both kinds (parseBatch kept its first ones).
  const rejected = [...parsed.rejected, ...tooOld].sort((a, b) => a.line - b.line).slice(0, INGEST_REJECTED_LIST_MAX);
  return {
    accepted: inserted,
    duplicates,
    unknownServerName,
    rejected,
    rejectedCount: parsed.rejectedCount + tooOld.length,
  };
}

/** A client sends many requests in a batch: each address is looked up once, '' when it has no answer. */
function oncePerAddress(lookup: (ip: string) => string | undefined): (ip: string) => string {
  const answers = new Map<string, string>();
  return (ip) => {
    let answer = answers.get(ip);
    if (answer === undefined) answers.set(ip, (answer = lookup(ip) ?? ''));
    return answer;
  };
}
