import { z } from 'zod';
import { text } from './text.js';
import { dateRangeSchema } from './date-range.js';
import { EVENT_FILTERS_MAX, eventFilterSchema, eventFiltersSchema, eventSearchTextSchema } from './event-queries.js';
import { EVENT_REQ_ID_MAX_LENGTH, storedEventSchema } from './event-records.js';
import { WAF_ACTION_CODES } from '../waf/vocabulary.js';

/**
 * The event log (spec §2 Event Log, GLOSSARY §7): one group's events in a time range, filtered,
 * newest first, a page at a time on the store's keyset cursor; and the same set as a file.
 */

export const EVENT_LOG_API = {
  search: '/event-logs/search',
  count: '/event-logs/count',
  exportEvents: '/event-logs/export',
} as const;

/** Rows per page the log offers (GLOSSARY §12: 10/20/30/40, 10 by default). */
export const EVENT_LOG_PAGE_SIZES = [10, 20, 30, 40] as const;
export const EVENT_LOG_PAGE_SIZE_DEFAULT = 10;
/** The most rows one export holds (GLOSSARY §7). */
export const EVENT_EXPORT_MAX_ROWS = 10_000;
export const EVENT_EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type EventExportFormat = (typeof EVENT_EXPORT_FORMATS)[number];
/** The downloaded file: `event_log.csv` (GLOSSARY §7) or `event_log.ndjson`. */
export const eventExportFileName = (format: EventExportFormat): string => `event_log.${format}`;
export const EVENT_EXPORT_MEDIA_TYPES: Record<EventExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};
/**
 * Starts every CSV export: Excel reads a CSV as the system's code page unless it starts with a
 * byte order mark. Decoding the answer as text drops it, so the console writes it back.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
/** A cursor is base64url of a timestamp and a req_id; anything longer is not one of ours. */
export const EVENT_CURSOR_MAX_LENGTH = 256;

/**
 * Field codes of a refused query: the messages of eventFilterSchema (gt/lt on a field that is not
 * a number, a number field compared with text) and a cursor the store does not know.
 */
export const EVENT_LOG_FIELD_CODES = [
  'not_numeric_field',
  'not_a_number',
  'not_whole_number',
  'invalid_cursor',
] as const;

/** Every value an event's action holds: a WAF action code, or '' when no rule acted. */
export const EVENT_ACTION_VALUES = [...WAF_ACTION_CODES, ''] as const;
export type EventActionValue = (typeof EVENT_ACTION_VALUES)[number];

/**
 * What a store takes in one query: a page's own filters and the Action multi-select's, which
 * reaches the store as up to one filter per other action value. So the multi-select never uses
 * up the filters a person may add.
 */
export const EVENT_STORE_FILTERS_MAX = EVENT_FILTERS_MAX + EVENT_ACTION_VALUES.length;
export const eventStoreFiltersSchema = z.array(eventFilterSchema).max(EVENT_STORE_FILTERS_MAX);

/** What both the page and the export ask for: one group, a time range and the filters. */
export const eventLogQuerySchema = z.object({
  groupName: text().min(1).max(64),
  dateRange: dateRangeSchema,
  filters: eventFiltersSchema.default([]),
  /** Exactly this request (the search box without Deep Search). */
  reqId: text().trim().min(1).max(EVENT_REQ_ID_MAX_LENGTH).optional(),
  /** Deep Search: the path, the query string or the request headers contain it, ignoring case. */
  text: eventSearchTextSchema.optional(),
  /**
   * The Action multi-select (GLOSSARY §7): events whose action is any of these codes ('' for no
   * action). Filters are ANDed, so the server asks the store for "none of the other codes".
   */
  actions: z
    .array(z.enum(EVENT_ACTION_VALUES))
    .min(1)
    .max(EVENT_ACTION_VALUES.length)
    .refine((codes) => new Set(codes).size === codes.length, { message: 'duplicate_entry' })
    .optional(),
});
export type EventLogQuery = z.infer<typeof eventLogQuerySchema>;

export const eventLogSearchSchema = eventLogQuerySchema
  .extend({
    /** The `nextCursor` of the page before; none for the first page. */
    cursor: text()
      .min(1)
      .max(EVENT_CURSOR_MAX_LENGTH)
      .refine((value) => /^[\w-]+$/.test(value), { message: 'invalid_cursor' })
      .optional(),
    limit: z
      .number()
      .int()
      .refine((value) => (EVENT_LOG_PAGE_SIZES as readonly number[]).includes(value), { message: 'invalid_value' })
      .default(EVENT_LOG_PAGE_SIZE_DEFAULT),
  })
  .meta({ id: 'EventLogSearch' });
export type EventLogSearch = z.input<typeof eventLogSearchSchema>;

export const eventLogPageSchema = z
  .object({
    rows: z.array(storedEventSchema),
    /** Null on the last page. */
    nextCursor: text().nullable(),
  })
  .meta({ id: 'EventLogPage' });
export type EventLogPage = z.infer<typeof eventLogPageSchema>;

/** The body of a count: what a search asks, without its page. */
export const eventLogCountQuerySchema = eventLogQuerySchema.meta({ id: 'EventLogCountQuery' });

/** How many events the search pages through: the table's "of N entries" (spec §2 Tables). */
export const eventLogCountSchema = z.object({ total: z.number().int().nonnegative() }).meta({ id: 'EventLogCount' });
export type EventLogCount = z.infer<typeof eventLogCountSchema>;

export const eventLogExportSchema = eventLogQuerySchema
  .extend({ format: z.enum(EVENT_EXPORT_FORMATS) })
  .meta({ id: 'EventLogExport' });
export type EventLogExport = z.input<typeof eventLogExportSchema>;

/**
 * The columns of an exported CSV, in order: every field of a stored event, the request headers
 * as their JSON text. NDJSON rows are the stored events themselves.
 */
export const EVENT_EXPORT_COLUMNS = Object.keys(storedEventSchema.shape) as (keyof typeof storedEventSchema.shape)[];
