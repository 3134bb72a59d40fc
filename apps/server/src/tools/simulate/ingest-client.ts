import { API_PREFIX, INGEST_API, ingestResultSchema, type EventRecord, type IngestResult } from '@parapet/shared';
import type { IngestTarget } from './simulate-options.js';

/** Posts one batch to the console's ingest endpoint as NDJSON and answers its tally. */
export async function postBatch(target: IngestTarget, records: readonly EventRecord[]): Promise<IngestResult> {
  const response = await fetch(`${target.url}${API_PREFIX}${INGEST_API.events}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/x-ndjson' },
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`ingest answered ${response.status}: ${text.slice(0, 500)}`);
  return ingestResultSchema.parse(JSON.parse(text));
}

/** Sums of the tallies of every batch sent. */
export class IngestTally {
  accepted = 0;
  duplicates = 0;
  unknownServerName = 0;
  rejected = 0;

  add(result: IngestResult): void {
    this.accepted += result.accepted;
    this.duplicates += result.duplicates;
    this.unknownServerName += result.unknownServerName;
    this.rejected += result.rejectedCount;
  }

  toString(): string {
    return `accepted ${this.accepted}, duplicates ${this.duplicates}, unknown server name ${this.unknownServerName}, rejected ${this.rejected}`;
  }
}
