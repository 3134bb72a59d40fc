import {
  BIGINT,
  DuckDBDataChunkWriter,
  DuckDBInstance,
  LIST,
  listValue,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { EVENT_METRICS, type EventMetric, type StoredEvent } from '@parapet/shared';
import { decodeCursor, encodeCursor } from './cursor.js';
import { dimensionExpression, Params, rangeWhere } from './duckdb-filters.js';
import { EVENT_COLUMNS, EVENTS_DDL, EVENTS_TABLE } from './duckdb-schema.js';
import {
  EVENT_DEDUPE_WINDOW_MS,
  EventQueryError,
  type EventStore,
  type InsertResult,
  type SearchPage,
  type SearchQuery,
  type TimeSeriesPoint,
  type TimeSeriesQuery,
  type TopNEntry,
  type TopNQuery,
} from './event-store.js';

/** The file name of the embedded store under DATA_DIR. */
export const DUCKDB_EVENTS_FILE = 'events.duckdb';

const COLUMN_LIST = EVENT_COLUMNS.map(([name]) => `"${name}"`).join(', ');

function metricExpression(metric: EventMetric): string {
  if (!(EVENT_METRICS as readonly string[]).includes(metric)) throw new EventQueryError(`unknown metric: ${metric}`);
  return metric === 'bytes' ? 'CAST(SUM("bytes_sent") AS DOUBLE)' : 'CAST(COUNT(*) AS DOUBLE)';
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new EventQueryError(`invalid ${what}`);
  return value;
}

/** A record as the row the appender writes, in EVENT_COLUMNS order. */
function toRow(event: StoredEvent): DuckDBValue[] {
  return EVENT_COLUMNS.map(([name]): DuckDBValue => {
    const value = event[name];
    if (value === null) return null;
    if (name === 'timestamp' || name === 'bytes_sent') return BigInt(value as number);
    if (name === 'req_headers') return JSON.stringify(value);
    return value as string | number;
  });
}

function fromRow(row: Record<string, unknown>): StoredEvent {
  const event: Record<string, unknown> = {};
  for (const [name] of EVENT_COLUMNS) {
    const value = row[name];
    event[name] = typeof value === 'bigint' ? Number(value) : value;
  }
  event.req_headers = JSON.parse(row.req_headers as string) as Record<string, string>;
  return event as StoredEvent;
}

/**
 * The embedded event store: one DuckDB file, one connection. Every call runs through one
 * queue, because a DuckDB connection answers one statement at a time and an insert (a lookup,
 * then a transaction) must not interleave with another insert; DuckDB itself spreads each
 * query over its threads.
 */
class DuckDbEventStore implements EventStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  insert(events: readonly StoredEvent[]): Promise<InsertResult> {
    // Repeats within the batch are dropped here. Then one query finds the batch's req_ids
    // already stored near its times; the window's bounds are constants, so DuckDB skips every
    // row group outside them by its min/max (zone maps) and the check costs the same however
    // much the store holds. The rest is appended straight into the table, in one transaction.
    const unique = new Map<string, StoredEvent>();
    let first = Infinity;
    let last = -Infinity;
    for (const event of events) {
      if (unique.has(event.req_id)) continue;
      unique.set(event.req_id, event);
      first = Math.min(first, event.timestamp);
      last = Math.max(last, event.timestamp);
    }
    if (unique.size === 0) return Promise.resolve({ inserted: 0, duplicates: events.length });
    return this.exclusive(async () => {
      const stored = await this.connection.runAndReadAll(
        `SELECT "req_id", "timestamp" FROM ${EVENTS_TABLE}
         WHERE "timestamp" BETWEEN $1 AND $2 AND "req_id" IN (SELECT unnest($3))`,
        [BigInt(first - EVENT_DEDUPE_WINDOW_MS), BigInt(last + EVENT_DEDUPE_WINDOW_MS), listValue([...unique.keys()])],
        [BIGINT, BIGINT, LIST(VARCHAR)],
      );
      for (const [reqId, timestamp] of stored.getRowsJS() as [string, bigint][]) {
        const event = unique.get(reqId);
        if (event && Math.abs(event.timestamp - Number(timestamp)) <= EVENT_DEDUPE_WINDOW_MS) unique.delete(reqId);
      }
      if (unique.size > 0) await this.append(unique.values());
      return { inserted: unique.size, duplicates: events.length - unique.size };
    });
  }

  private async append(events: Iterable<StoredEvent>): Promise<void> {
    await this.connection.run('BEGIN TRANSACTION');
    try {
      const appender = await this.connection.createAppender(EVENTS_TABLE);
      const writer = DuckDBDataChunkWriter.forAppender(appender);
      for (const event of events) writer.appendRow(toRow(event));
      writer.flush();
      appender.closeSync();
      await this.connection.run('COMMIT');
    } catch (error) {
      await this.connection.run('ROLLBACK');
      throw error;
    }
  }

  timeSeries(query: TimeSeriesQuery): Promise<TimeSeriesPoint[]> {
    return this.exclusive(async () => {
      const params = new Params();
      const bucket = params.add(BigInt(positiveInteger(query.bucketMs, 'bucket')));
      const key = query.groupBy ? dimensionExpression(query.groupBy) : 'NULL';
      const where = rangeWhere(query, params);
      const metric = metricExpression(query.metric);
      let sql = `SELECT ("timestamp" // ${bucket}) * ${bucket} AS bucket, ${key} AS key, ${metric} AS value
      FROM ${EVENTS_TABLE} WHERE ${where}
      GROUP BY ALL ORDER BY bucket, key`;
      if (query.groupBy && query.termSize !== undefined) {
        // The range's largest keys first, then their series; one scan answers both through the CTE.
        const terms = params.add(BigInt(positiveInteger(query.termSize, 'termSize')));
        sql = `WITH rows AS MATERIALIZED (SELECT "timestamp", ${key} AS key, ${query.metric === 'bytes' ? '"bytes_sent"' : '1'} AS amount
          FROM ${EVENTS_TABLE} WHERE ${where}),
        top AS (SELECT key FROM rows GROUP BY key ORDER BY sum(amount) DESC, key LIMIT ${terms})
        SELECT ("timestamp" // ${bucket}) * ${bucket} AS bucket, key, CAST(sum(amount) AS DOUBLE) AS value
        FROM rows WHERE key IN (SELECT key FROM top) GROUP BY ALL ORDER BY bucket, key`;
      }
      const reader = await this.connection.runAndReadAll(sql, params.values);
      return reader.getRowObjectsJS().map((row) => ({
        bucket: Number(row.bucket),
        key: row.key === null ? null : String(row.key),
        value: Number(row.value),
      }));
    });
  }

  topN(query: TopNQuery): Promise<TopNEntry[]> {
    return this.exclusive(async () => {
      const params = new Params();
      const key = dimensionExpression(query.dimension);
      const where = rangeWhere(query, params);
      const limit = params.add(BigInt(positiveInteger(query.n, 'n')));
      // Ties broken by key so the same data always answers the same list.
      const sql = `SELECT ${key} AS key, ${metricExpression(query.metric)} AS value
      FROM ${EVENTS_TABLE} WHERE ${where}
      GROUP BY ALL ORDER BY value DESC, key LIMIT ${limit}`;
      const reader = await this.connection.runAndReadAll(sql, params.values);
      return reader.getRowObjectsJS().map((row) => ({ key: String(row.key ?? ''), value: Number(row.value) }));
    });
  }

  search(query: SearchQuery): Promise<SearchPage> {
    return this.exclusive(async () => {
      const params = new Params();
      const limit = positiveInteger(query.limit, 'limit');
      const conditions = [rangeWhere(query, params)];
      if (query.reqId !== undefined) conditions.push(`"req_id" = ${params.add(query.reqId)}`);
      if (query.text !== undefined && query.text !== '') {
        const needle = params.add(query.text.toLowerCase());
        conditions.push(
          `(contains(lower("uri"), ${needle}) OR contains(lower("args"), ${needle}) OR contains(lower("req_headers"), ${needle}))`,
        );
      }
      if (query.cursor !== undefined) {
        const after = decodeCursor(query.cursor);
        const timestamp = params.add(BigInt(after.timestamp));
        conditions.push(
          `("timestamp" < ${timestamp} OR ("timestamp" = ${timestamp} AND "req_id" < ${params.add(after.reqId)}))`,
        );
      }
      // One row more than the page tells whether another page follows.
      const sql = `SELECT ${COLUMN_LIST} FROM ${EVENTS_TABLE} WHERE ${conditions.join(' AND ')}
      ORDER BY "timestamp" DESC, "req_id" DESC LIMIT ${params.add(BigInt(limit + 1))}`;
      const reader = await this.connection.runAndReadAll(sql, params.values);
      const rows = reader.getRowObjectsJS().map((row) => fromRow(row));
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const last = page.at(-1);
      return {
        rows: page,
        nextCursor: more && last ? encodeCursor({ timestamp: last.timestamp, reqId: last.req_id }) : null,
      };
    });
  }

  purge(options: { groupName: string; before: number }): Promise<number> {
    return this.exclusive(async () => {
      if (!Number.isSafeInteger(options.before)) throw new EventQueryError('invalid purge time');
      const result = await this.connection.run(
        `DELETE FROM ${EVENTS_TABLE} WHERE "group_name" = $1 AND "timestamp" < $2`,
        [options.groupName, BigInt(options.before)],
      );
      return result.rowsChanged;
    });
  }

  close(): Promise<void> {
    return this.exclusive(() => {
      this.connection.closeSync();
      this.instance.closeSync();
      return Promise.resolve();
    });
  }
}

/** Opens (creating if needed) the event store in the DuckDB file at `path`. */
export async function openDuckDbEventStore(path: string): Promise<EventStore> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  for (const statement of EVENTS_DDL) await connection.run(statement);
  return new DuckDbEventStore(instance, connection);
}
