import {
  EVENT_DIMENSIONS,
  EVENT_METRICS,
  canonicalClientAddress,
  errorBodySchema,
  eventStoreFiltersSchema,
  type EventDimension,
  type EventFactsSource,
  type EventFilter,
  type EventMetric,
  type StoredEvent,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * The one interface every store of request events answers (ARCHITECTURE §8): a time series,
 * a top-N and a filtered search with a keyset cursor, plus retention. Every query names one
 * group and never answers rows of another. Times are epoch milliseconds, `from` inclusive and
 * `to` exclusive.
 */

export interface EventRange {
  groupName: string;
  from: number;
  to: number;
  filters: readonly EventFilter[];
}

export interface TimeSeriesQuery extends EventRange {
  bucketMs: number;
  metric: EventMetric;
  groupBy?: EventDimension;
  /**
   * With `groupBy`: only the `termSize` keys with the largest metric over the whole range get
   * series (ties by key); the others are left out. Without it every key is answered.
   */
  termSize?: number;
}

/** `bucket` is the bucket's start; `key` the group-by value as text, null without a group-by. */
export interface TimeSeriesPoint {
  bucket: number;
  key: string | null;
  value: number;
}

export interface TopNQuery extends EventRange {
  dimension: EventDimension;
  n: number;
  metric: EventMetric;
}

export interface TopNEntry {
  key: string;
  value: number;
}

export interface SearchQuery extends EventRange {
  /** Exactly this request. */
  reqId?: string;
  /** Deep search: uri, args or request headers contain it, case-insensitive. */
  text?: string;
  /** Opaque: the `nextCursor` of the page before. */
  cursor?: string;
  limit: number;
}

/** What a search matches, without its paging: the event log's "of N entries". */
export type CountQuery = Omit<SearchQuery, 'cursor' | 'limit'>;

export interface SampleQuery extends EventRange {
  limit: number;
}

export interface SearchPage {
  rows: StoredEvent[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/**
 * How far apart in time two records with the same req_id may be and still count as one request.
 * A req_id is unique per request at the edge; a duplicate is the same record sent again (a
 * retried batch), so it carries the same timestamp. Bounding the check by time keeps its cost
 * independent of how much the store holds.
 */
export const EVENT_DEDUPE_WINDOW_MS = 60 * 60_000;

/** Whether a search text holds a sigma, in any form: only then must each store fold sigmas (foldedText). */
export const holdsSigma = (needle: string): boolean => /[σςΣ]/u.test(needle);

/**
 * A search text as it is written inside the stored headers' JSON text (JSON.stringify, on both
 * stores): a quote as \", a backslash as \\. Deep Search looks for this in the headers, so a
 * value is found as the drawer shows it, and for the text itself in the path and query string.
 */
export const asJsonText = (needle: string): string => JSON.stringify(needle).slice(1, -1);

export interface InsertResult {
  inserted: number;
  /** Records whose req_id was already stored within EVENT_DEDUPE_WINDOW_MS, or repeated within the batch. */
  duplicates: number;
}

export interface EventStore {
  insert(events: readonly StoredEvent[]): Promise<InsertResult>;
  /**
   * The reads a console page asks (series, top-N, search, count) take a `signal`: a read whose
   * signal aborts (its caller left) is let go, its statement interrupted, and rejects with
   * EventReadAbortedError.
   */
  timeSeries(query: TimeSeriesQuery, signal?: AbortSignal): Promise<TimeSeriesPoint[]>;
  topN(query: TopNQuery, signal?: AbortSignal): Promise<TopNEntry[]>;
  /** Newest first, paged on (timestamp, req_id). */
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchPage>;
  /** How many events the search pages through: its every page's rows, counted at once. */
  count(query: CountQuery, signal?: AbortSignal): Promise<number>;
  /**
   * Up to `limit` of the range's events, each as likely to be among them as any other whatever
   * its time: the events in the order of the MD5 of their req_id (then req_id, then timestamp),
   * the first `limit`, in that order. Both stores answer the same events for the same rows.
   * Only the fields a rule is judged on are read (EVENT_FACTS_FIELDS): the sample is the rule dry
   * run's, and reading every column of its rows was half its time (docs/waf-rules.md).
   */
  sample(query: SampleQuery): Promise<EventFactsSource[]>;
  /** Removes the group's events older than `before`; answers how many. */
  purge(options: { groupName: string; before: number }): Promise<number>;
  /**
   * Files every event of group `from` under `to` (the group was renamed in the control plane);
   * answers how many. Events are kept by group name, so without this a renamed group would lose
   * its history and a new group given the old name would read it.
   */
  renameGroup(options: { from: string; to: string }): Promise<number>;
  close(): Promise<void>;
}

/**
 * A read its caller stopped waiting for (the request closed before its answer): the store let go
 * of it, interrupting its statement, so a Deep Search nobody waits for no longer holds a read
 * connection for seconds. 499, as nginx logs a request its client closed; nobody reads the answer.
 */
export class EventReadAbortedError extends Error {
  override name = 'EventReadAbortedError';
  readonly statusCode = 499;
  constructor() {
    super('the read was let go: its caller left');
  }
}

/** A query the store refuses: a field, op or cursor outside what it knows. */
export class EventQueryError extends Error {
  override name = 'EventQueryError';
}

/**
 * A read refused because the store has as many reads waiting as it queues, or one waited its
 * longest: 503 EVENT_STORE_BUSY with a Retry-After of `retryAfterSeconds` (event-store.plugin.ts
 * sets the header). A console read answered after half a minute helps nobody and holds a
 * socket; refused at once, the console says so and the store catches up.
 */
export class EventStoreBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('EVENT_STORE_BUSY');
  }
}

/** The answer a route that reads the event store documents for EventStoreBusyError. */
export const eventStoreBusyResponse = {
  503: errorBodySchema.describe(
    'EVENT_STORE_BUSY: the event store has as many reads waiting as it takes; the Retry-After header says ' +
      'in how many seconds to ask again. STORE_UNAVAILABLE: a store does not answer.',
  ),
};

/*
 * The run-time checks both stores make before they write any SQL: a caller may not have parsed
 * its input, and a store names columns only from the shared whitelists.
 */

export function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new EventQueryError(`invalid ${what}`);
  return value;
}

export function checkMetric(metric: EventMetric): void {
  if (!(EVENT_METRICS as readonly string[]).includes(metric)) throw new EventQueryError(`unknown metric: ${metric}`);
}

export function checkDimension(dimension: EventDimension): void {
  if (!(EVENT_DIMENSIONS as readonly string[]).includes(dimension)) {
    throw new EventQueryError(`unknown dimension: ${String(dimension)}`);
  }
}

/**
 * A stored event's client address in the one spelling both stores keep (client-address.ts).
 * Ingest sends it so already (toStoredEvent); an event from elsewhere (a back-fill) is put right
 * here. Text that is no address can only come from a caller that skipped the record's
 * validation, and fails its batch before anything is stored.
 */
export function storedClientAddress(clientIp: unknown): string {
  const canonical = typeof clientIp === 'string' ? canonicalClientAddress(clientIp) : null;
  if (canonical === null) throw new TypeError(`client_ip ${JSON.stringify(clientIp)} is not an IP address`);
  return canonical;
}

/**
 * The range's filters, parsed, once its times are whole milliseconds. A client address is
 * compared in the spelling the store keeps (client-address.ts), so `2001:DB8::1` finds
 * `2001:db8::1`; text that is no address stays as it is and matches nothing.
 */
export function checkedFilters(range: EventRange): EventFilter[] {
  const parsed = eventStoreFiltersSchema.safeParse(range.filters);
  if (!parsed.success) throw new EventQueryError(`invalid filter: ${parsed.error.issues[0]?.message ?? ''}`);
  if (!Number.isSafeInteger(range.from) || !Number.isSafeInteger(range.to)) {
    throw new EventQueryError('invalid time range');
  }
  return parsed.data.map((filter) =>
    filter.field === 'client_ip' && typeof filter.value === 'string'
      ? { ...filter, value: canonicalClientAddress(filter.value) ?? filter.value }
      : filter,
  );
}
