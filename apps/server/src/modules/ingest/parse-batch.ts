import type { z } from 'zod';
import {
  INGEST_BATCH_MAX_LINES,
  INGEST_REJECTED_LIST_MAX,
  eventRecordSchema,
  ingestTimeBounds,
  type EventRecord,
  type IngestRejectedLine,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { fastEventRecord } from './fast-record.js';

export interface ParsedBatch {
  records: EventRecord[];
  /** Each record's 1-based line number in the batch, as `rejected` counts them. */
  lineNumbers: number[];
  /** The first INGEST_REJECTED_LIST_MAX bad lines. */
  rejected: IngestRejectedLine[];
  rejectedCount: number;
}

/** Zod's issues as `{ "a.b": "code" }`, one entry per bad field, in the codes the API uses elsewhere. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    let code: string = issue.code;
    if (code === 'invalid_type' && /received undefined/.test(issue.message)) code = 'required';
    // Our refinements carry their code as the message (invalid_ip, too_many_headers...).
    if (code === 'custom') code = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
    fields[path] ??= code;
  }
  return fields;
}

/** A byte order mark some writers put first: JSON.parse would refuse the whole first line. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads an NDJSON batch: one event record a line, blank lines ignored, `\r\n` and a leading byte
 * order mark accepted. A bad line is reported by its 1-based number and the rest is kept; so is
 * a record whose time no view could show (ingestTimeBounds at `now`). More than
 * INGEST_BATCH_MAX_LINES records refuse the whole batch (413), never a silent cut.
 */
export function parseBatch(body: string, now = Date.now()): ParsedBatch {
  const lines = (body.startsWith(BYTE_ORDER_MARK) ? body.slice(1) : body).split('\n');
  const { earliest, latest } = ingestTimeBounds(now);
  let count = 0;
  for (const line of lines) if (line.trim() !== '') count++;
  if (count > INGEST_BATCH_MAX_LINES) throw new AppError('INGEST_BATCH_TOO_LARGE');

  const records: EventRecord[] = [];
  const lineNumbers: number[] = [];
  const rejected: IngestRejectedLine[] = [];
  let rejectedCount = 0;
  const reject = (entry: IngestRejectedLine) => {
    rejectedCount++;
    if (rejected.length < INGEST_REJECTED_LIST_MAX) rejected.push(entry);
  };
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reject({ line, reason: 'invalid_json' });
      return;
    }
    const quick = fastEventRecord(value);
    const parsed = quick ? undefined : eventRecordSchema.safeParse(value);
    if (parsed && !parsed.success) return reject({ line, reason: 'invalid_record', fields: fieldsOf(parsed.error) });
    const record = quick ?? parsed!.data!;
    // The date range's codes: the same words the console uses for a range it cannot show.
    if (record.timestamp < earliest)
      reject({ line, reason: 'invalid_record', fields: { timestamp: 'range_too_early' } });
    else if (record.timestamp > latest)
      reject({ line, reason: 'invalid_record', fields: { timestamp: 'range_too_late' } });
    else {
      records.push(record);
      lineNumbers.push(line);
    }
  });
  return { records, lineNumbers, rejected, rejectedCount };
}
