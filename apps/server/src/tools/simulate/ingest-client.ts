import { API_PREFIX, INGEST_API, ingestResultSchema, type EventRecord, type IngestResult } from '@parapet/shared';
import type { IngestTarget } from './simulate-options.js';

/** Why fetch failed, as the system said it (ECONNREFUSED, ENOTFOUND, a certificate error...). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const message = typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : '';
  return code && !message.includes(code) ? `${code}: ${message}` : message || String(error);
}

/** Posts one batch to the console's ingest endpoint as NDJSON and answers its tally. */
export async function postBatch(target: IngestTarget, records: readonly EventRecord[]): Promise<IngestResult> {
  let response: Response;
  try {
    response = await fetch(`${target.url}${API_PREFIX}${INGEST_API.events}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/x-ndjson' },
      body: records.map((record) => JSON.stringify(record)).join('\n'),
    });
  } catch (error) {
    throw new Error(`could not reach ${target.url} (${causeOf(error)}); is the server running there?`, {
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`ingest answered ${response.status}: ${text.slice(0, 500)}`);
  return ingestResultSchema.parse(JSON.parse(text));
}

/** A rejected line's reason as one code: `invalid_json`, or the record's bad fields and their codes. */
function reasonCode(line: IngestResult['rejected'][number]): string {
  const fields = Object.entries(line.fields ?? {});
  return fields.length === 0 ? line.reason : fields.map(([field, code]) => `${field}: ${code}`).join(', ');
}

/** Sums of the tallies of every batch sent, with the reasons of the lines the server refused. */
export class IngestTally {
  accepted = 0;
  duplicates = 0;
  unknownServerName = 0;
  rejected = 0;
  /** Reason code → lines refused for it, among those the answers listed (at most 100 a batch). */
  readonly reasons = new Map<string, number>();

  add(result: IngestResult): void {
    this.accepted += result.accepted;
    this.duplicates += result.duplicates;
    this.unknownServerName += result.unknownServerName;
    this.rejected += result.rejectedCount;
    for (const line of result.rejected) {
      const code = reasonCode(line);
      this.reasons.set(code, (this.reasons.get(code) ?? 0) + 1);
    }
  }

  /** Nothing sent was stored, and the server refused some of it: the run failed. */
  get nothingStored(): boolean {
    return this.accepted === 0 && this.duplicates === 0 && this.rejected + this.unknownServerName > 0;
  }

  toString(): string {
    const reasons = [...this.reasons].map(([code, count]) => `${code} ×${count}`).join('; ');
    return (
      `accepted ${this.accepted}, duplicates ${this.duplicates}, unknown server name ${this.unknownServerName}, ` +
      `rejected ${this.rejected}${reasons ? ` (${reasons}${this.listedAll ? '' : '; first lines of each batch'})` : ''}`
    );
  }

  private get listedAll(): boolean {
    let listed = 0;
    for (const count of this.reasons.values()) listed += count;
    return listed === this.rejected;
  }
}
