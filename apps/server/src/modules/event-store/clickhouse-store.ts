import { createClient } from '@clickhouse/client';
import { serialQueue } from './serial-queue.js';
import { EVENT_FACTS_FIELDS, type EventDimension, type EventFactsSource, type StoredEvent } from '@parapet/shared';
import type { EventColumn } from './duckdb-schema.js';
import { storedClientAddress } from './event-store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { ClickHouseClientExecutor, type ClickHouseExecutor, type ClickHouseRow } from './clickhouse-executor.js';
import { dimensionExpression, foldedText, metricExpression, Params, rangeWhere } from './clickhouse-filters.js';
import {
  CLICKHOUSE_COLUMN_NAMES,
  CLICKHOUSE_EVENT_COLUMNS,
  CLICKHOUSE_EVENTS_DDL,
  CLICKHOUSE_EVENTS_TABLE,
  CLICKHOUSE_INSERT_SETTINGS,
} from './clickhouse-schema.js';
import {
  EVENT_DEDUPE_WINDOW_MS,
  asJsonText,
  holdsSigma,
  EventQueryError,
  EventReadAbortedError,
  positiveInteger,
  type CountQuery,
  type EventStore,
  type InsertResult,
  type SampleQuery,
  type SearchPage,
  type SearchQuery,
  type TimeSeriesPoint,
  type TimeSeriesQuery,
  type TopNEntry,
  type TopNQuery,
} from './event-store.js';

const TABLE = CLICKHOUSE_EVENTS_TABLE;
const COLUMN_LIST = CLICKHOUSE_COLUMN_NAMES.join(', ');

/**
 * A record as the JSONEachRow object of its insert. Each value is checked against its
 * column first: ClickHouse would read a wrong type as the column's default or fail the
 * insert part-way through a large batch, and the whole batch must fail before anything
 * is sent.
 */
function toRow(event: StoredEvent): ClickHouseRow {
  const row: ClickHouseRow = {};
  for (const name of CLICKHOUSE_COLUMN_NAMES) {
    const { kind, nullable } = CLICKHOUSE_EVENT_COLUMNS[name];
    const value: unknown = event[name];
    const fits =
      (value === null && nullable) ||
      (kind === 'text' && typeof value === 'string') ||
      (kind === 'integer' && Number.isSafeInteger(value)) ||
      (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
      (kind === 'headers' && typeof value === 'object' && value !== null);
    if (!fits) throw new TypeError(`event ${String(event.req_id)}: ${name} is not a valid ${kind} value`);
    row[name] = kind === 'headers' ? JSON.stringify(value) : value;
  }
  row.client_ip = storedClientAddress(event.client_ip);
  return row;
}

/** A row read back as an event, or as the part of one that `names` lists. */
function fromRow(row: ClickHouseRow, names: readonly EventColumn[] = CLICKHOUSE_COLUMN_NAMES): StoredEvent {
  const event: Record<string, unknown> = {};
  for (const name of names) {
    const { kind } = CLICKHOUSE_EVENT_COLUMNS[name];
    const value = row[name];
    // A server sends 64-bit integers as JSON strings; chdb sends them as numbers.
    if (value === null || value === undefined) event[name] = null;
    else if (kind === 'integer' || kind === 'number') event[name] = Number(value);
    else if (kind === 'headers') event[name] = JSON.parse(String(value)) as Record<string, string>;
    else event[name] = value;
  }
  return event as StoredEvent;
}

/**
 * How keys tied on a list's place are ordered: by the key's text, but client addresses by their
 * number, as the DuckDB store orders them (duckdb-address-queries.ts). toIPv6 reads an IPv4
 * address as `::ffff:a.b.c.d`, as that store's numbers do, and compares as that number; OrNull,
 * so a row stored before addresses were checked cannot fail the list.
 */
const tieOrder = (dimension: EventDimension, key: string): string =>
  dimension === 'client_ip' ? `toIPv6OrNull(${key})` : key;

/**
 * The most characters one lookup's bound req_id list may take. A server refuses a parameter
 * longer than `http_max_field_value_size` (128 KiB by default), so a large batch is looked
 * up in several queries.
 */
export const CLICKHOUSE_LOOKUP_PARAM_MAX_CHARS = 100_000;

/** The characters a quoted string in a parameter escapes with a backslash. */
const ESCAPED = /[\\'\t\n\r]/g;

/** Splits events so each lookup's req_id list stays under CLICKHOUSE_LOOKUP_PARAM_MAX_CHARS. */
export function lookupChunks(events: readonly StoredEvent[]): StoredEvent[][] {
  const chunks: StoredEvent[][] = [];
  let chunk: StoredEvent[] = [];
  let size = 2;
  for (const event of events) {
    // Its length in the array literal: escapes, quotes and the comma included.
    const cost = Buffer.byteLength(event.req_id) + (event.req_id.match(ESCAPED)?.length ?? 0) + 3;
    if (chunk.length > 0 && size + cost > CLICKHOUSE_LOOKUP_PARAM_MAX_CHARS) {
      chunks.push(chunk);
      chunk = [];
      size = 2;
    }
    chunk.push(event);
    size += cost;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** What a search (or its count) matches: the range and its filters, the req_id, the Deep Search text. */
function searchConditions(query: CountQuery, params: Params): string[] {
  const conditions = [rangeWhere(query, params)];
  if (query.reqId !== undefined) conditions.push(`req_id = ${params.add(query.reqId, 'String')}`);
  if (query.text !== undefined && query.text !== '') {
    // An i in the needle can be an İ of the column; a sigma any of its forms (foldedText).
    const folds = { dotlessI: /[iI\u0130]/u.test(query.text), sigma: holdsSigma(query.text) };
    const needle = foldedText(params.add(query.text, 'String'), folds);
    const inHeaders = foldedText(params.add(asJsonText(query.text), 'String'), folds);
    const within = (column: string, text: string) => `position(${foldedText(column, folds)}, ${text}) > 0`;
    conditions.push(`(${within('uri', needle)} OR ${within('args', needle)} OR ${within('req_headers', inHeaders)})`);
  }
  return conditions;
}

/** A query's failure as its caller sees it: EventReadAbortedError once the caller has left. */
const aborted =
  (signal: AbortSignal | undefined) =>
  (error: unknown): never => {
    throw signal?.aborted ? new EventReadAbortedError() : error;
  };

/** One request of one group, as a Map key (JSON keeps any two names apart). */
const requestKey = (groupName: string, reqId: string): string => JSON.stringify([groupName, reqId]);

/**
 * The event store on ClickHouse. Queries run concurrently, as the server answers them. Inserts
 * and purges run one at a time through a queue: ClickHouse has no transaction to hold the
 * dedupe lookup and the INSERT together, so this process must not run two lookups before
 * either insert lands.
 */
class ClickHouseEventStore implements EventStore {
  private readonly exclusive = serialQueue();

  constructor(private readonly executor: ClickHouseExecutor) {}

  insert(events: readonly StoredEvent[]): Promise<InsertResult> {
    // As in DuckDB: repeats within the batch go first, then lookups find the batch's req_ids
    // stored within the window of their times (the time bounds prune whole day partitions and
    // the bloom filter skips granules without the ids), then one INSERT carries the rest.
    // Every row is checked before anything is sent.
    // A req_id is a group's own (as in DuckDB): the same id of another group is another request.
    const unique = new Map<string, StoredEvent>();
    for (const event of events) {
      const key = requestKey(event.group_name, event.req_id);
      if (!unique.has(key)) unique.set(key, event);
    }
    if (unique.size === 0) return Promise.resolve({ inserted: 0, duplicates: events.length });
    let rows: Map<string, ClickHouseRow>;
    try {
      rows = new Map([...unique].map(([key, event]) => [key, toRow(event)]));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
    return this.exclusive(async () => {
      for (const chunk of lookupChunks([...unique.values()])) {
        for (const key of await this.storedNear(chunk)) rows.delete(key);
      }
      if (rows.size > 0) {
        await this.executor.insert({
          table: TABLE,
          columns: CLICKHOUSE_COLUMN_NAMES,
          rows: [...rows.values()],
          settings: CLICKHOUSE_INSERT_SETTINGS,
        });
      }
      return { inserted: rows.size, duplicates: events.length - rows.size };
    });
  }

  /**
   * The requestKeys of these events already stored, for their group, within
   * EVENT_DEDUPE_WINDOW_MS of each one's time.
   */
  private async storedNear(events: readonly StoredEvent[]): Promise<string[]> {
    const byKey = new Map(events.map((event) => [requestKey(event.group_name, event.req_id), event]));
    const ids = new Set(events.map((event) => event.req_id));
    let first = Infinity;
    let last = -Infinity;
    for (const event of events) {
      first = Math.min(first, event.timestamp);
      last = Math.max(last, event.timestamp);
    }
    const params = new Params();
    const stored = await this.executor.rows(
      `SELECT group_name, req_id, timestamp FROM ${TABLE}
       WHERE timestamp >= ${params.add(first - EVENT_DEDUPE_WINDOW_MS, 'Int64')}
         AND timestamp <= ${params.add(last + EVENT_DEDUPE_WINDOW_MS, 'Int64')}
         AND req_id IN ${params.add([...ids], 'Array(String)')}`,
      params.values,
    );
    return stored
      .map((row) => ({ key: requestKey(String(row.group_name), String(row.req_id)), timestamp: Number(row.timestamp) }))
      .filter(({ key, timestamp }) => {
        const event = byKey.get(key);
        return event !== undefined && Math.abs(event.timestamp - timestamp) <= EVENT_DEDUPE_WINDOW_MS;
      })
      .map(({ key }) => key);
  }

  async timeSeries(query: TimeSeriesQuery, signal?: AbortSignal): Promise<TimeSeriesPoint[]> {
    const params = new Params();
    const bucket = params.add(positiveInteger(query.bucketMs, 'bucket'), 'Int64');
    const key = query.groupBy ? dimensionExpression(query.groupBy, params) : 'NULL';
    const where = rangeWhere(query, params);
    const metric = metricExpression(query.metric);
    let keep = '';
    if (query.groupBy && query.termSize !== undefined) {
      // The range's largest keys first (ties by key), then only their series. transform_null_in
      // (below) lets a NULL key (no upstream status) be one of them: by default NULL IN is false.
      const terms = params.add(positiveInteger(query.termSize, 'termSize'), 'UInt64');
      keep = `AND ${key} IN (SELECT ${key} AS term FROM ${TABLE} WHERE ${where}
        GROUP BY term ORDER BY ${metric} DESC, ${tieOrder(query.groupBy, 'term')} LIMIT ${terms})`;
    }
    const rows = await this.executor
      .rows(
        `SELECT intDiv(timestamp, ${bucket}) * ${bucket} AS bucket, ${key} AS key, ${metric} AS value
      FROM ${TABLE} WHERE ${where} ${keep}
      GROUP BY bucket, key ORDER BY bucket, key${keep ? ' SETTINGS transform_null_in = 1' : ''}`,
        params.values,
        signal,
      )
      .catch(aborted(signal));
    return rows.map((row) => ({
      bucket: Number(row.bucket),
      key: row.key === null || row.key === undefined ? null : String(row.key),
      value: Number(row.value),
    }));
  }

  async topN(query: TopNQuery, signal?: AbortSignal): Promise<TopNEntry[]> {
    const params = new Params();
    const key = dimensionExpression(query.dimension, params);
    const where = rangeWhere(query, params);
    const limit = params.add(positiveInteger(query.n, 'n'), 'UInt64');
    // Ties broken by key so the same data always answers the same list.
    const rows = await this.executor
      .rows(
        `SELECT ${key} AS key, ${metricExpression(query.metric)} AS value
      FROM ${TABLE} WHERE ${where}
      GROUP BY key ORDER BY value DESC, ${tieOrder(query.dimension, 'key')} LIMIT ${limit}`,
        params.values,
        signal,
      )
      .catch(aborted(signal));
    return rows.map((row) => ({ key: String(row.key ?? ''), value: Number(row.value) }));
  }

  async search(query: SearchQuery, signal?: AbortSignal): Promise<SearchPage> {
    const params = new Params();
    const limit = positiveInteger(query.limit, 'limit');
    const conditions = searchConditions(query, params);
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor);
      const timestamp = params.add(after.timestamp, 'Int64');
      conditions.push(
        `(timestamp < ${timestamp} OR (timestamp = ${timestamp} AND req_id < ${params.add(after.reqId, 'String')}))`,
      );
    }
    // One row more than the page tells whether another page follows.
    const rows = await this.executor
      .rows(
        `SELECT ${COLUMN_LIST} FROM ${TABLE} WHERE ${conditions.join(' AND ')}
      ORDER BY timestamp DESC, req_id DESC LIMIT ${params.add(limit + 1, 'UInt64')}`,
        params.values,
        signal,
      )
      .catch(aborted(signal));
    const events = rows.map((row) => fromRow(row));
    const more = events.length > limit;
    const page = more ? events.slice(0, limit) : events;
    const lastRow = page.at(-1);
    return {
      rows: page,
      nextCursor: more && lastRow ? encodeCursor({ timestamp: lastRow.timestamp, reqId: lastRow.req_id }) : null,
    };
  }

  async count(query: CountQuery, signal?: AbortSignal): Promise<number> {
    const params = new Params();
    const [row] = await this.executor
      .rows(
        `SELECT count() AS total FROM ${TABLE} WHERE ${searchConditions(query, params).join(' AND ')}`,
        params.values,
        signal,
      )
      .catch(aborted(signal));
    return Number(row?.total ?? 0);
  }

  /** EventStore.sample. MD5's 16 bytes sort as their hex text does: the order DuckDB's md5() gives. */
  async sample(query: SampleQuery): Promise<EventFactsSource[]> {
    const params = new Params();
    const where = rangeWhere(query, params);
    const limit = params.add(positiveInteger(query.limit, 'limit'), 'UInt64');
    const rows = await this.executor.rows(
      `SELECT ${EVENT_FACTS_FIELDS.join(', ')} FROM ${TABLE} WHERE ${where} ORDER BY MD5(req_id), req_id, timestamp LIMIT ${limit}`,
      params.values,
    );
    return rows.map((row) => fromRow(row, EVENT_FACTS_FIELDS) as EventFactsSource);
  }

  purge(options: { groupName: string; before: number }): Promise<number> {
    if (!Number.isSafeInteger(options.before)) return Promise.reject(new EventQueryError('invalid purge time'));
    return this.exclusive(async () => {
      // A lightweight DELETE answers no count, so the rows are counted first (inserts wait
      // in the queue meanwhile). Retention is per group and a day's partition holds every
      // group, so whole partitions cannot be dropped.
      const params = new Params();
      const where = `group_name = ${params.add(options.groupName, 'String')} AND timestamp < ${params.add(options.before, 'Int64')}`;
      const [counted] = await this.executor.rows(
        `SELECT count() AS removed FROM ${TABLE} WHERE ${where}`,
        params.values,
      );
      const removed = Number(counted?.removed ?? 0);
      if (removed > 0) await this.executor.command(`DELETE FROM ${TABLE} WHERE ${where}`, params.values);
      return removed;
    });
  }

  renameGroup(options: { from: string; to: string }): Promise<number> {
    // Copied under its own name then deleted by name, a group would lose every row.
    if (options.from === options.to) return Promise.resolve(0);
    return this.exclusive(async () => {
      // group_name leads the sorting key, which ClickHouse cannot UPDATE in place: the rows are
      // copied under the new name, then the old ones deleted. There is no transaction around
      // the two; a failure between them leaves the rows under both names and reaches the caller.
      const params = new Params();
      const from = params.add(options.from, 'String');
      const to = params.add(options.to, 'String');
      const [counted] = await this.executor.rows(
        `SELECT count() AS moved FROM ${TABLE} WHERE group_name = ${from}`,
        params.values,
      );
      const moved = Number(counted?.moved ?? 0);
      if (moved === 0) return 0;
      // The new name goes in by position, with no alias: ClickHouse lets an alias of the SELECT
      // list shadow the column in WHERE, so `… AS group_name … WHERE group_name = from` (and
      // `SELECT * REPLACE`) compares the new name and copies nothing.
      const select = CLICKHOUSE_COLUMN_NAMES.map((name) => (name === 'group_name' ? to : name));
      await this.executor.command(
        `INSERT INTO ${TABLE} (${COLUMN_LIST}) SELECT ${select.join(', ')} FROM ${TABLE} WHERE group_name = ${from}`,
        params.values,
      );
      await this.executor.command(`DELETE FROM ${TABLE} WHERE group_name = ${from}`, params.values);
      return moved;
    });
  }

  close(): Promise<void> {
    return this.exclusive(() => this.executor.close());
  }
}

/** Creates the table if needed and answers the store over this executor. */
export async function createClickHouseEventStore(executor: ClickHouseExecutor): Promise<EventStore> {
  try {
    for (const statement of CLICKHOUSE_EVENTS_DDL) await executor.command(statement, {});
  } catch (error) {
    await executor.close().catch(() => undefined);
    throw error;
  }
  return new ClickHouseEventStore(executor);
}

export interface ClickHouseStoreOptions {
  /** CLICKHOUSE_URL: `http(s)://user:password@host:port/database`. */
  url: string;
}

/** Opens the event store on the ClickHouse server at `url`. */
export function openClickHouseEventStore(options: ClickHouseStoreOptions): Promise<EventStore> {
  const client = createClient({
    url: options.url,
    // A batch's dedupe lookup binds every req_id of the batch: past 4 KiB of parameters
    // they go in a multipart body instead of the URL, which proxies and servers cap.
    use_multipart_params_auto: true,
  });
  return createClickHouseEventStore(new ClickHouseClientExecutor(client));
}
