import { ingestResultSchema, type IngestResult } from '@parapet/shared';

/** What became of one POST of a batch, as the shipper must act on it. */
export type SendOutcome =
  /** Stored (or counted as duplicate, unknown or rejected): the lines may be passed. */
  | { kind: 'acked'; result: IngestResult | undefined }
  /** 413: the console takes smaller batches; split this one. */
  | { kind: 'too_large' }
  /** Anything else (network error, timeout, 5xx, 401, 429...): keep the lines and try again. */
  | { kind: 'failed'; reason: string };

export interface IngestTarget {
  /** Full URL of the events endpoint, e.g. http://console:8080/api/ingest/events. */
  url: string;
  token: string;
  /** A console that accepts the connection and never answers must not stall the shipper. */
  timeoutMs: number;
}

/** POSTs one NDJSON batch to the console's ingest endpoint. Never throws. */
export async function sendBatch(target: IngestTarget, body: Buffer): Promise<SendOutcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/x-ndjson' },
      body,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return { kind: 'failed', reason: describeError(error) };
  }
  if (response.ok) {
    // A 2xx means the console took the batch; an answer it cannot read costs only the tally.
    const parsed = ingestResultSchema.safeParse(safeJson(text));
    return { kind: 'acked', result: parsed.success ? parsed.data : undefined };
  }
  if (response.status === 413) return { kind: 'too_large' };
  return { kind: 'failed', reason: `HTTP ${response.status} ${text.slice(0, 200)}` };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch wraps the reason (ECONNREFUSED, ECONNRESET...) in a generic "fetch failed".
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
