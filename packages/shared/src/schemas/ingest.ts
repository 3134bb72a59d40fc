import { z } from 'zod';
import { text } from './text.js';
import { customRangeBounds } from './date-range.js';
import { PLANS } from '../plans.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Ingest of request events (issue 13; docs/ingest.md): the edge, or the simulator, posts NDJSON
 * batches of event records with an ingest token an admin made.
 */

/** Paths under API_PREFIX. The ingest path is a contract with every sender; it never moves. */
export const INGEST_API = {
  events: '/ingest/events',
  tokens: '/admin/ingest-tokens',
  token: '/admin/ingest-tokens/:id',
} as const;

/** Largest batch in bytes, counted both as sent and after gzip (or deflate, brotli) is inflated. */
export const INGEST_BATCH_MAX_BYTES = 8 * 1024 * 1024;
/** Most records in one batch; blank lines do not count. */
export const INGEST_BATCH_MAX_LINES = 50_000;
/** The answer lists this many rejected lines at most; `rejectedCount` still counts them all. */
export const INGEST_REJECTED_LIST_MAX = 100;

/**
 * The times a record may have, from the server's clock at the batch. Older than every plan keeps
 * events (logRetentionDays), it would be purged unseen; later than the furthest a custom range
 * reaches, no view would ever show it, and no purge would ever remove it. Seconds sent where
 * milliseconds belong land in 1970 and are refused the same way.
 */
export function ingestTimeBounds(now: number): { earliest: number; latest: number } {
  const keptDays = Math.max(...Object.values(PLANS).map((plan) => plan.resourceLimits.logRetentionDays));
  return { earliest: now - keptDays * DAY_MS, latest: customRangeBounds(now).latest };
}
/** Media types the ingest call reads, both as newline-delimited JSON (one record a line). */
export const INGEST_MEDIA_TYPES = ['application/x-ndjson', 'application/json'] as const;

/** Why a line was not taken: it is not JSON, or it is JSON but not a valid event record. */
export const INGEST_REJECT_REASONS = ['invalid_json', 'invalid_record'] as const;
export type IngestRejectReason = (typeof INGEST_REJECT_REASONS)[number];

export const ingestRejectedLineSchema = z
  .object({
    /** 1-based line number in the batch as sent (blank lines count, so it matches an editor's). */
    line: z.number().int().min(1),
    reason: z.enum(INGEST_REJECT_REASONS),
    /** With invalid_record: field path → field error code, for every bad field of the line. */
    fields: z.record(text(), text()).optional(),
  })
  .meta({ id: 'IngestRejectedLine' });
export type IngestRejectedLine = z.infer<typeof ingestRejectedLineSchema>;

/** What one batch came to. accepted + duplicates + unknownServerName + rejectedCount = records sent. */
export const ingestResultSchema = z
  .object({
    /** Records stored. */
    accepted: z.number().int().nonnegative(),
    /** Records whose req_id was already stored (or repeated in the batch): stored once. */
    duplicates: z.number().int().nonnegative(),
    /** Records whose server_name is no domain of any service line: dropped. */
    unknownServerName: z.number().int().nonnegative(),
    /** The first INGEST_REJECTED_LIST_MAX bad lines, in order. */
    rejected: z.array(ingestRejectedLineSchema).max(INGEST_REJECTED_LIST_MAX),
    /** Every bad line, listed or not. */
    rejectedCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'IngestResult' });
export type IngestResult = z.infer<typeof ingestResultSchema>;

export const INGEST_TOKEN_NAME_MAX_LENGTH = 64;
/** Tokens start with this, so a leaked one is recognisable in logs and by secret scanners. */
export const INGEST_TOKEN_PREFIX = 'ppi_';
/** Characters of a token kept in clear (the prefix and a few more) to tell tokens apart in the list. */
export const INGEST_TOKEN_SHOWN_LENGTH = 12;

export const ingestTokenNameSchema = text().trim().min(1).max(INGEST_TOKEN_NAME_MAX_LENGTH);

/** POST /admin/ingest-tokens. */
export const createIngestTokenSchema = z.object({ name: ingestTokenNameSchema }).meta({ id: 'CreateIngestToken' });
export type CreateIngestTokenInput = z.infer<typeof createIngestTokenSchema>;

/** An ingest token as the list shows it: never the token itself, only its first characters. */
export const ingestTokenSchema = z
  .object({
    id: text(),
    name: text(),
    /** The token's first INGEST_TOKEN_SHOWN_LENGTH characters. */
    prefix: text(),
    createdBy: text(),
    createdAt: z.number(),
    /** Last accepted use, to the minute; null when never used. */
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: 'IngestToken' });
export type IngestToken = z.infer<typeof ingestTokenSchema>;

export const ingestTokenListSchema = z.object({ items: z.array(ingestTokenSchema) }).meta({ id: 'IngestTokenList' });

/** The answer to a create: the only time the token is ever shown. */
export const createdIngestTokenSchema = z
  .object({ id: text(), name: text(), token: text(), createdAt: z.number() })
  .meta({ id: 'CreatedIngestToken' });
export type CreatedIngestToken = z.infer<typeof createdIngestTokenSchema>;

export const ingestTokenParamsSchema = z.object({ id: text().min(1).max(64) });
