import { DuckDBInstance, type DuckDBConnection, type DuckDBResultReader } from '@duckdb/node-api';
import { serialQueue } from './serial-queue.js';
import { interruptible } from './duckdb-interrupt.js';
import { ReadPool, type ReadPoolLimits } from './read-pool.js';
import { DUCKDB_MEMORY_LIMIT, DUCKDB_READERS, DUCKDB_READ_LIMITS } from './duckdb-settings.js';
import {
  EVENT_FACTS_FIELDS,
  type EventDimension,
  type EventFactsSource,
  type EventMetric,
  type StoredEvent,
} from '@parapet/shared';
import { decodeCursor, encodeCursor, type SearchPosition } from './cursor.js';
import { seriesByAddress, topAddresses } from './duckdb-address-queries.js';
import { addAddressKeys } from './duckdb-address-upgrade.js';
import { dimensionExpression, foldedText, headerField, Params, rangeWhere } from './duckdb-filters.js';
import {
  appendEvents,
  decoded,
  decodedStaging,
  resetDictionaries,
  setDictionaries,
  stagingRollupSelect,
  type Dictionaries,
} from './duckdb-load.js';
import {
  columnsNeeded,
  pieceSource,
  planRange,
  rollupLayout,
  rollupDdl,
  rollupRefold,
  rollupSelect,
  ROLLUPS,
  type Rollup,
} from './duckdb-rollups.js';
import {
  EVENT_COLUMNS,
  EVENTS_DDL,
  EVENTS_STAGING_TABLE,
  EVENTS_TABLE,
  HEADER_COLUMNS,
  REQ_ID_LAYOUT,
  REQ_ID_PARTITIONS,
  REQ_ID_TABLES,
  REQ_ID_UNPARTITIONED_TABLE,
  reqIdDdl,
  reqIdHash,
  reqIdHashOf,
  reqIdPartition,
  reqIdPartitionSql,
  reqIdTable,
  STAGING_DDL,
  STAGING_PART_COLUMN,
} from './duckdb-schema.js';
import {
  EVENT_DEDUPE_WINDOW_MS,
  asJsonText,
  holdsSigma,
  checkMetric,
  EventQueryError,
  positiveInteger,
  type CountQuery,
  type EventRange,
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

/** The file name of the embedded store under DATA_DIR. */
export const DUCKDB_EVENTS_FILE = 'events.duckdb';

export { DUCKDB_MEMORY_LIMIT, DUCKDB_READERS, DUCKDB_READ_LIMITS } from './duckdb-settings.js';

/**
 * DuckDB's row group size. A transaction that inserts at least this many rows writes them
 * straight into the file; a smaller one goes through the write-ahead log and is written again
 * at the next checkpoint. Measured (docs/analytics-bench.md): batches of 200k committed about ten
 * times faster than the same rows in batches of 50k, so bulk loaders send batches above it.
 */
export const DUCKDB_ROW_GROUP_ROWS = 122_880;

/**
 * The event log's search probes back from the end of its range in windows growing by this
 * factor, starting at an hour: the newest page of a common filter is found in the last hour
 * without reading three days, and a rare one costs at most a few windows more than one scan.
 */
const SEARCH_FIRST_WINDOW_MS = 60 * 60_000;
const SEARCH_WINDOW_GROWTH = 16;

/**
 * A rollup is folded together (duckdb-rollups.ts) once this many events went into buckets an
 * earlier batch had already written to, since the last fold: often enough that live trickles
 * stay small, rarely enough to cost nothing. Only such buckets can hold more than one row per
 * key, since each batch's rows are summed per key; a back-fill in time order touches one bucket
 * twice at each batch's edge, and folding all it wrote was 10% of its insert time
 * (docs/analytics-bench.md).
 */
export const ROLLUP_FOLD_AFTER_ROWS = 100_000;

/**
 * The most events waiting batches are gathered into for one load: two row groups, the size the
 * back-fill sends (each commit then writes whole row groups); a batch larger than that goes alone.
 */
export const INSERT_MERGE_MAX_ROWS = 2 * DUCKDB_ROW_GROUP_ROWS;

/** Batches waiting to load together, with their callers. */
interface WaitingGroup {
  batches: {
    events: readonly StoredEvent[];
    resolve: (result: InsertResult) => void;
    reject: (error: unknown) => void;
  }[];
  rows: number;
}

export interface DuckDbStoreOptions {
  /** Rows appended to a rollup before it is folded (tests fold sooner). */
  foldAfterRows?: number;
  /** The most events waiting batches are gathered into (INSERT_MERGE_MAX_ROWS; tests gather fewer). */
  insertMergeMaxRows?: number;
  /** DuckDB's memory_limit, such as '512MB' (DUCKDB_MEMORY_LIMIT). */
  memoryLimit?: string;
  /** Read connections (DUCKDB_READERS). */
  readers?: number;
  /** How reads wait for a read connection (DUCKDB_READ_LIMITS). */
  readLimits?: ReadPoolLimits;
}

const COLUMN_LIST = EVENT_COLUMNS.map(([name]) => `"${name}"`).join(', ');
const FACTS_COLUMN_LIST = EVENT_FACTS_FIELDS.map((name) => `"${name}"`).join(', ');

function fromRow(row: Record<string, unknown>): StoredEvent {
  const event: Record<string, unknown> = {};
  for (const [name] of EVENT_COLUMNS) {
    const value = row[name];
    event[name] = typeof value === 'bigint' ? Number(value) : value;
  }
  event.req_headers = JSON.parse(row.req_headers as string) as Record<string, string>;
  return event as StoredEvent;
}

const rowsOf = (reader: DuckDBResultReader): StoredEvent[] => reader.getRowObjectsJS().map((row) => fromRow(row));

/** What a DuckDB store answers beyond the interface: the same queries without rollups (the benchmark's baseline). */
export interface DuckDbEventStore extends EventStore {
  /** The same store, with every series and top-N scanning the raw table. */
  rawScans(): EventStore;
}

/** A series or top-N as one SQL text over the union of its pieces: `t`, `key`, `amount` per row. */
interface Aggregation {
  range: EventRange;
  dimension: EventDimension | undefined;
  metric: EventMetric;
  bucketMs: number | undefined;
  needed: Set<string> | null;
}

/**
 * The embedded event store: one DuckDB file, one instance, one writing connection and a few
 * reading ones. Every write (insert, purge, rename) runs on the writer through one queue: a
 * DuckDB connection answers one statement at a time, an insert (several statements in a
 * transaction) must not interleave with another write, and the fold bookkeeping below is the
 * writer's alone. Reads run on the read connections (ReadPool): DuckDB's MVCC gives each the
 * data committed when its statement (or the search's transaction) began, so a read never waits
 * for the insert and its fold, and never sees half of a batch, since a batch's events, req_ids
 * and rollup rows commit together. DuckDB spreads each query over its threads, shared by all
 * connections of the instance.
 */
class DuckDbStore implements DuckDbEventStore {
  private readonly exclusive = serialQueue();
  /** Batches asked for since the writer's queue took the last group: they will load together. */
  private gathering: WaitingGroup | undefined;
  /**
   * Per rollup, since its last fold: the events a batch wrote into buckets an earlier batch had
   * written to, and the span [from, to) of those buckets, which is all a fold needs to re-sum.
   */
  private readonly unfolded = new Map<Rollup, { rows: number; from: number; to: number }>();
  /** Per grain: the start of the latest bucket written (read from the file at the first batch). */
  private readonly latestBucket = new Map<number, number>();

  private readonly reads: ReadPool<DuckDBConnection>;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly readers: readonly DuckDBConnection[],
    readLimits: ReadPoolLimits,
    private readonly foldAfterRows: number,
    private readonly insertMergeMaxRows: number,
  ) {
    this.reads = new ReadPool(readers, readLimits);
  }

  /** Reads waiting for a read connection now. */
  get queuedReads(): number {
    return this.reads.queued;
  }

  /**
   * Batches that arrive while the writer is busy wait together and go in as one: one staging,
   * one transaction, one statement per rollup and req_id table, up to INSERT_MERGE_MAX_ROWS. A
   * batch costs DuckDB about 0.4 s whatever its size up to a few thousand events, so ingest
   * requests of 5,000 events loaded one by one stopped at 10k events/s (docs/analytics-bench.md,
   * "Ingest requests loaded together"). Each caller is answered for its own events, as if its
   * batch had gone in alone after the ones before it.
   */
  insert(events: readonly StoredEvent[]): Promise<InsertResult> {
    if (events.length === 0) return Promise.resolve({ inserted: 0, duplicates: 0 });
    return new Promise<InsertResult>((resolve, reject) => {
      let group = this.gathering;
      if (!group || (group.rows > 0 && group.rows + events.length > this.insertMergeMaxRows)) {
        const fresh: WaitingGroup = { batches: [], rows: 0 };
        this.gathering = group = fresh;
        void this.exclusive(() => this.loadGroup(fresh));
      }
      group.batches.push({ events, resolve, reject });
      group.rows += events.length;
    });
  }

  /** Any other write: batches asked for after it wait for it, as their order says. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    this.gathering = undefined;
    return this.exclusive(work);
  }

  /**
   * Loads a group of waiting batches together. If that fails, each is loaded again on its own,
   * so a batch fails only by its own fault, never by a neighbour's.
   */
  private async loadGroup(group: WaitingGroup): Promise<void> {
    if (this.gathering === group) this.gathering = undefined;
    const { batches } = group;
    try {
      const results = await this.loadBatches(batches.map((batch) => batch.events));
      batches.forEach((batch, index) => batch.resolve(results[index]!));
    } catch (error) {
      if (batches.length === 1) {
        batches[0]!.reject(error);
        return;
      }
      for (const batch of batches) {
        try {
          batch.resolve((await this.loadBatches([batch.events]))[0]!);
        } catch (alone) {
          batch.reject(alone);
        }
      }
    }
  }

  /** Batches in one transaction; each one's events stored and repeated, in order. */
  private async loadBatches(batches: readonly (readonly StoredEvent[])[]): Promise<InsertResult[]> {
    let dictionaries: Dictionaries | undefined;
    try {
      // Inside the try: an append that fails part-way has committed the chunks before it.
      const staged = await this.stage(batches);
      dictionaries = staged;
      await setDictionaries(this.connection, staged);
      const inserted = await this.transaction(() => this.load(staged, batches.length));
      return batches.map((events, part) => ({
        inserted: inserted[part]!,
        duplicates: events.length - inserted[part]!,
      }));
    } finally {
      await this.connection.run(`DELETE FROM ${EVENTS_STAGING_TABLE}`);
      if (dictionaries) await resetDictionaries(this.connection, dictionaries);
    }
  }

  /**
   * The batches into the staging table as codes (duckdb-load.ts), committed on their own before
   * the transaction: the INSERT of the events then reads committed rows, not rows of its own
   * transaction, which took twice as long (1.5 s against 0.8 s for 245,760 events,
   * docs/analytics-bench.md). The staging table is a temporary one of this connection, emptied
   * after every load whatever happens, so nothing of it is ever seen elsewhere.
   */
  private async stage(batches: readonly (readonly StoredEvent[])[]): Promise<Dictionaries> {
    const appender = await this.connection.createAppender(EVENTS_STAGING_TABLE);
    try {
      return appendEvents(appender, batches);
    } finally {
      appender.closeSync();
    }
  }

  private async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.connection.run('BEGIN TRANSACTION');
    try {
      const result = await work();
      await this.connection.run('COMMIT');
      return result;
    } catch (error) {
      await this.connection.run('ROLLBACK');
      throw error;
    }
  }

  /**
   * A req_id is a group's own: the same id sent for another group is another request, and must
   * not cost that group its event (each group's events are its own, docs/ingest.md).
   * Two kinds of staged rows leave the staging table: a repeat of a req_id within the batch (the
   * first is kept; done here rather than in a JS Map of the batch's ids, which cost 7% of the
   * insert), and a req_id already stored within the dedupe window of the row's own time. The
   * window's bounds are constants, so DuckDB skips every row group of the table outside them by
   * its min/max and the check costs the same however much the store holds. The rest goes into
   * the events table decoded and, summed, into every rollup; all in the caller's transaction, so
   * a failed batch leaves nothing behind.
   */
  private async load(dictionaries: Dictionaries, parts: number): Promise<number[]> {
    const [first, last] = (
      await this.connection.runAndReadAll(`SELECT min("timestamp"), max("timestamp") FROM ${EVENTS_STAGING_TABLE}`)
    )
      .getRowsJS()[0]!
      .map(Number) as [number, number];
    await this.connection.run(
      `DELETE FROM ${EVENTS_STAGING_TABLE} WHERE rowid NOT IN (
        SELECT min(rowid) FROM ${EVENTS_STAGING_TABLE} GROUP BY "req_id", "group_name"
      ) OR rowid IN (
        SELECT s.rowid FROM ${EVENTS_STAGING_TABLE} s JOIN ${EVENTS_TABLE} e ON e."req_id" = s."req_id"
        WHERE e."timestamp" BETWEEN $1 AND $2 AND abs(e."timestamp" - s."timestamp") <= $3
          AND e."group_name" = ${decoded('group_name', dictionaries)})`,
      [BigInt(first - EVENT_DEDUPE_WINDOW_MS), BigInt(last + EVENT_DEDUPE_WINDOW_MS), BigInt(EVENT_DEDUPE_WINDOW_MS)],
    );
    const inserted = new Array<number>(parts).fill(0);
    if (parts > 1) {
      const kept = await this.connection.runAndReadAll(
        `SELECT "${STAGING_PART_COLUMN}", count(*) FROM ${EVENTS_STAGING_TABLE} GROUP BY ALL`,
      );
      for (const [part, count] of kept.getRowsJS()) inserted[Number(part)] = Number(count);
    }
    const stored = (await this.connection.run(`INSERT INTO ${EVENTS_TABLE} ${decodedStaging(dictionaries)}`))
      .rowsChanged;
    if (parts === 1) inserted[0] = stored;
    await addReqIds(this.connection, EVENTS_STAGING_TABLE);
    const overlaps = await this.overlaps();
    for (const rollup of ROLLUPS) {
      await this.connection.run(`INSERT INTO ${rollup.table} ${stagingRollupSelect(rollup, dictionaries)}`);
      const overlap = overlaps.get(rollup.grainMs);
      if (!overlap) continue;
      const since = this.unfolded.get(rollup) ?? { rows: 0, from: Infinity, to: -Infinity };
      since.rows += overlap.rows;
      since.from = Math.min(since.from, overlap.from);
      since.to = Math.max(since.to, overlap.to);
      this.unfolded.set(rollup, since);
      if (since.rows >= this.foldAfterRows) await this.fold(rollup, since.from, since.to);
    }
    return inserted;
  }

  /**
   * Per grain, the staged events that fall in buckets a batch already wrote to (at or before the
   * latest one): how many, and the span of their buckets. Moves each grain's latest bucket on.
   */
  private async overlaps(): Promise<Map<number, { rows: number; from: number; to: number }>> {
    const grains = [...new Set(ROLLUPS.map((rollup) => rollup.grainMs))];
    for (const grain of grains) {
      if (this.latestBucket.has(grain)) continue;
      // The rollup of this grain with the fewest columns has the fewest rows to read.
      const smallest = ROLLUPS.filter((rollup) => rollup.grainMs === grain).sort(
        (a, b) => a.columns.length - b.columns.length,
      )[0]!;
      const latest = (
        await this.connection.runAndReadAll(`SELECT max("timestamp") FROM ${smallest.table}`)
      ).getRowsJS()[0]?.[0];
      this.latestBucket.set(grain, latest === null || latest === undefined ? -Infinity : Number(latest));
    }
    const ends = grains.map((grain) => this.latestBucket.get(grain)! + grain);
    const within = (end: number): string => (Number.isFinite(end) ? `"timestamp" < ${BigInt(end)}` : 'FALSE');
    const row = (
      await this.connection.runAndReadAll(
        `SELECT max("timestamp"), ${ends
          .map((end) => `count(*) FILTER (WHERE ${within(end)}), min("timestamp") FILTER (WHERE ${within(end)})`)
          .join(', ')} FROM ${EVENTS_STAGING_TABLE}`,
      )
    ).getRowsJS()[0]!;
    const overlaps = new Map<number, { rows: number; from: number; to: number }>();
    if (row[0] === null) return overlaps;
    const newest = Number(row[0]);
    grains.forEach((grain, index) => {
      const rows = Number(row[1 + 2 * index]);
      if (rows > 0) {
        const from = Math.floor(Number(row[2 + 2 * index]) / grain) * grain;
        overlaps.set(grain, { rows, from, to: ends[index]! });
      }
      this.latestBucket.set(grain, Math.max(this.latestBucket.get(grain)!, Math.floor(newest / grain) * grain));
    });
    return overlaps;
  }

  /** Folds the rollup's rows in [from, to) into one per group, bucket and key. */
  private async fold(rollup: Rollup, from: number, to: number): Promise<void> {
    const where = `"timestamp" >= ${BigInt(from)} AND "timestamp" < ${BigInt(to)}`;
    await this.connection.run(`CREATE TEMP TABLE rollup_fold AS ${rollupRefold(rollup, where)}`);
    await this.connection.run(`DELETE FROM ${rollup.table} WHERE ${where}`);
    await this.connection.run(`INSERT INTO ${rollup.table} SELECT * FROM rollup_fold`);
    await this.connection.run('DROP TABLE rollup_fold');
    this.unfolded.delete(rollup);
  }

  /**
   * The rows of a series or top-N: for each piece of the range (duckdb-rollups.ts), the bucket
   * time `t`, the key and the amount the metric adds up. Where rollups answer a query by client
   * address, the key is the address's number, as `k_hi` and `k_lo` (duckdb-address.ts); the
   * raw scans group the text.
   */
  private rows(aggregation: Aggregation, params: Params): { sql: string; byAddress: boolean; ties: string } {
    // Checked once over the whole range first: a bad filter or time is refused, whatever the plan.
    rangeWhere(aggregation.range, new Params());
    const { range } = aggregation;
    const addressKeys = aggregation.needed !== null;
    const byAddress = addressKeys && aggregation.dimension === 'client_ip';
    // Addresses tied on a list's place go by their numbers (duckdb-address-queries.ts); a raw
    // scan groups the text, and reads each row's number beside it for that order.
    const rawAddresses = !addressKeys && aggregation.dimension === 'client_ip';
    const pieces = planRange(range.from, range.to, aggregation.needed, aggregation.bucketMs, range.filters);
    if (pieces.length === 0) pieces.push({ from: range.from, to: range.to, rollup: null });
    const sql = pieces
      .map((piece) => {
        const source = pieceSource(piece);
        const numbers = '"client_ip_hi" AS k_hi, "client_ip_lo" AS k_lo';
        const text = `${aggregation.dimension ? dimensionExpression(aggregation.dimension) : 'NULL'} AS key`;
        const key = byAddress ? numbers : rawAddresses ? `${text}, ${numbers}` : text;
        const amount = aggregation.metric === 'bytes' ? source.bytes : source.requests;
        const where = rangeWhere({ ...range, from: piece.from, to: piece.to }, params, addressKeys);
        return `SELECT "timestamp" AS t, ${key}, ${amount} AS amount FROM ${source.table} WHERE ${where}`;
      })
      .join('\nUNION ALL\n');
    return { sql, byAddress, ties: rawAddresses ? 'min(k_hi), min(k_lo)' : 'key' };
  }

  timeSeries(query: TimeSeriesQuery, signal?: AbortSignal, useRollups = true): Promise<TimeSeriesPoint[]> {
    return this.reads.run(
      (connection) => interruptible(connection, signal, () => this.seriesIn(connection, query, useRollups)),
      signal,
    );
  }

  private async seriesIn(
    connection: DuckDBConnection,
    query: TimeSeriesQuery,
    useRollups: boolean,
  ): Promise<TimeSeriesPoint[]> {
    const params = new Params();
    const bucketMs = positiveInteger(query.bucketMs, 'bucket');
    // A literal, not a bound parameter: grouped on `t // $1` the same series took four times as
    // long (31 ms against 8 ms for an hour of 140k events by minute and method). It is a
    // positive safe integer, checked above.
    const bucket = String(BigInt(bucketMs));
    checkMetric(query.metric);
    if (query.groupBy) dimensionExpression(query.groupBy);
    const needed = useRollups ? columnsNeeded(query.groupBy, query.filters, query.metric) : null;
    const terms =
      query.groupBy && query.termSize !== undefined ? BigInt(positiveInteger(query.termSize, 'termSize')) : undefined;
    const {
      sql: rows,
      byAddress,
      ties,
    } = this.rows({ range: query, dimension: query.groupBy, metric: query.metric, bucketMs, needed }, params);
    let sql = `SELECT (t // ${bucket}) * ${bucket} AS bucket, key, CAST(sum(amount) AS DOUBLE) AS value
      FROM (${rows}) GROUP BY bucket, key ORDER BY bucket, key`;
    if (byAddress) return seriesByAddress(connection, rows, params, bucket, terms);
    if (terms !== undefined) {
      // The range's largest keys first, then their series; one pass over the rows answers both.
      // Matched with IS NOT DISTINCT FROM: a NULL key (no upstream status) can be among the
      // largest, and `NULL IN (...)` is never true, so an IN dropped its series.
      sql = `WITH rows AS MATERIALIZED (${rows}),
      top AS (SELECT key FROM rows GROUP BY key ORDER BY sum(amount) DESC, ${ties} LIMIT ${params.add(terms)})
      SELECT (t // ${bucket}) * ${bucket} AS bucket, key, CAST(sum(amount) AS DOUBLE) AS value
      FROM rows SEMI JOIN top ON rows.key IS NOT DISTINCT FROM top.key GROUP BY bucket, key ORDER BY bucket, key`;
    }
    const reader = await connection.runAndReadAll(sql, params.values);
    return reader.getRowObjectsJS().map((row) => ({
      bucket: Number(row.bucket),
      key: row.key === null ? null : String(row.key),
      value: Number(row.value),
    }));
  }

  topN(query: TopNQuery, signal?: AbortSignal, useRollups = true): Promise<TopNEntry[]> {
    return this.reads.run(
      (connection) => interruptible(connection, signal, () => this.topIn(connection, query, useRollups)),
      signal,
    );
  }

  private async topIn(connection: DuckDBConnection, query: TopNQuery, useRollups: boolean): Promise<TopNEntry[]> {
    const params = new Params();
    checkMetric(query.metric);
    dimensionExpression(query.dimension);
    const limit = BigInt(positiveInteger(query.n, 'n'));
    const needed = useRollups ? columnsNeeded(query.dimension, query.filters, query.metric) : null;
    const {
      sql: rows,
      byAddress,
      ties,
    } = this.rows(
      { range: query, dimension: query.dimension, metric: query.metric, bucketMs: undefined, needed },
      params,
    );
    if (byAddress) return topAddresses(connection, rows, params, limit);
    // Ties broken by key so the same data always answers the same list.
    const sql = `SELECT key, CAST(sum(amount) AS DOUBLE) AS value FROM (${rows})
      GROUP BY key ORDER BY value DESC, ${ties} LIMIT ${params.add(limit)}`;
    const reader = await connection.runAndReadAll(sql, params.values);
    return reader.getRowObjectsJS().map((row) => ({ key: String(row.key ?? ''), value: Number(row.value) }));
  }

  rawScans(): EventStore {
    return {
      insert: (events) => this.insert(events),
      timeSeries: (query, signal) => this.timeSeries(query, signal, false),
      topN: (query, signal) => this.topN(query, signal, false),
      search: (query, signal) => this.search(query, signal),
      count: (query, signal) => this.count(query, signal, false),
      sample: (query) => this.sample(query),
      purge: (options) => this.purge(options),
      renameGroup: (options) => this.renameGroup(options),
      close: () => this.close(),
    };
  }

  /**
   * EventStore.sample. md5() is lower-case hex text, which sorts as ClickHouse's MD5 bytes do.
   * One statement over the range: on 1M events, 96 slices' samples cost what their newest events
   * did (docs/waf-rules.md "Cap and sample").
   */
  sample(query: SampleQuery): Promise<EventFactsSource[]> {
    return this.reads.run(async (connection) => {
      const params = new Params();
      const where = rangeWhere(query, params);
      const limit = params.add(BigInt(positiveInteger(query.limit, 'limit')));
      const sql = `SELECT ${FACTS_COLUMN_LIST} FROM ${EVENTS_TABLE} WHERE ${where}
        ORDER BY md5("req_id"), "req_id", "timestamp" LIMIT ${limit}`;
      const reader = await connection.runAndReadAll(sql, params.values);
      return reader.getRowObjectsJS().map((row) => ({
        ...(row as Omit<EventFactsSource, 'req_headers'>),
        req_headers: JSON.parse(row.req_headers as string) as Record<string, string>,
      }));
    });
  }

  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchPage> {
    // One transaction: the windows and req_id lookups of one page all read one snapshot.
    return this.reads.run(
      (connection) =>
        readTransaction(connection, () => interruptible(connection, signal, () => this.searchIn(connection, query))),
      signal,
    );
  }

  private async searchIn(connection: DuckDBConnection, query: SearchQuery): Promise<SearchPage> {
    const limit = positiveInteger(query.limit, 'limit');
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // Checked over the whole range first, whatever the windows read.
    rangeWhere(query, new Params());
    // The page lies below the cursor; one row more than the page tells whether another follows.
    const top = after ? Math.min(query.to, after.timestamp + 1) : query.to;
    if (query.reqId !== undefined) {
      return this.pageOf(await this.reqIdRows(connection, query, query.reqId, top, after, limit + 1), limit);
    }
    let window = SEARCH_FIRST_WINDOW_MS;
    for (;;) {
      const from = Math.max(query.from, top - window);
      const rows = await this.searchRows(connection, { ...query, from }, after, limit + 1);
      // Enough rows in the newest window are the newest rows of the whole range.
      if (rows.length > limit || from === query.from) return this.pageOf(rows, limit);
      window *= SEARCH_WINDOW_GROWTH;
    }
  }

  /** A page of `limit` rows out of up to one row more, which tells whether another page follows. */
  private pageOf(rows: StoredEvent[], limit: number): SearchPage {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page,
      nextCursor: rows.length > limit && last ? encodeCursor({ timestamp: last.timestamp, reqId: last.req_id }) : null,
    };
  }

  /**
   * The newest `count` rows of one req_id below `top`: the times its hash was stored
   * (duckdb-schema.ts, REQ_ID_TABLES), newest first, each read from the events table alone.
   */
  private async reqIdRows(
    connection: DuckDBConnection,
    query: SearchQuery,
    reqId: string,
    top: number,
    after: SearchPosition | undefined,
    count: number,
  ): Promise<StoredEvent[]> {
    const rows: StoredEvent[] = [];
    for (const from of await reqIdTimes(connection, reqId, query.from, top)) {
      // Every row at one time with one req_id ties on both sort keys: no order to ask for.
      const at = await this.searchRows(connection, { ...query, from, to: from + 1 }, after, null);
      rows.push(...at.slice(0, count - rows.length));
      if (rows.length >= count) break;
    }
    return rows;
  }

  /** The newest `count` rows the query matches below `after`; every one of them when count is null. */
  private async searchRows(
    connection: DuckDBConnection,
    query: SearchQuery,
    after: SearchPosition | undefined,
    count: number | null,
  ): Promise<StoredEvent[]> {
    const params = new Params();
    const conditions = searchConditions(query, params);
    if (after) {
      const timestamp = params.add(BigInt(after.timestamp));
      conditions.push(
        `("timestamp" < ${timestamp} OR ("timestamp" = ${timestamp} AND "req_id" < ${params.add(after.reqId)}))`,
      );
    }
    const matching = `SELECT ${COLUMN_LIST} FROM ${EVENTS_TABLE} WHERE ${conditions.join(' AND ')}`;
    if (count === null) return rowsOf(await connection.runAndReadAll(matching, params.values));
    // The time of the count-th newest row first, reading the time and the filters' columns alone;
    // then every column of the rows from that time on, a second or so of events. Asked in one
    // statement, DuckDB read a whole hour's rows of every column, or fetched the page by row id
    // (its late materialization): 15-20 ms a first page at 10M events against 7-9 ms so.
    const limit = params.add(BigInt(count));
    const times = await connection.runAndReadAll(
      `SELECT "timestamp" FROM ${EVENTS_TABLE} WHERE ${conditions.join(' AND ')} ORDER BY "timestamp" DESC LIMIT ${limit}`,
      params.values,
    );
    const oldest = times.getRowsJS().at(-1)?.[0];
    if (oldest === undefined) return [];
    const sql = `${matching} AND "timestamp" >= ${params.add(oldest as bigint)} ORDER BY "timestamp" DESC, "req_id" DESC LIMIT ${limit}`;
    return rowsOf(await connection.runAndReadAll(sql, params.values));
  }

  /**
   * EventStore.count. Without a req_id or a text it is a sum like a chart's, from the rollups
   * wherever its filters allow; a req_id is counted at the times its hash was stored, as its
   * search reads it; a Deep Search text is counted on the raw rows.
   */
  count(query: CountQuery, signal?: AbortSignal, useRollups = true): Promise<number> {
    return this.reads.run(
      (connection) =>
        readTransaction(connection, () =>
          interruptible(connection, signal, () => this.countIn(connection, query, useRollups)),
        ),
      signal,
    );
  }

  private async countIn(connection: DuckDBConnection, query: CountQuery, useRollups: boolean): Promise<number> {
    const counted = async (range: CountQuery) => {
      const params = new Params();
      const sql = `SELECT count(*) AS total FROM ${EVENTS_TABLE} WHERE ${searchConditions(range, params).join(' AND ')}`;
      return Number((await connection.runAndReadAll(sql, params.values)).getRowsJS()[0]![0]);
    };
    rangeWhere(query, new Params());
    if (query.reqId !== undefined) {
      let total = 0;
      for (const from of await reqIdTimes(connection, query.reqId, query.from, query.to)) {
        total += await counted({ ...query, from, to: from + 1 });
      }
      return total;
    }
    if (query.text !== undefined && query.text !== '') return counted(query);
    const params = new Params();
    const needed = useRollups ? columnsNeeded(undefined, query.filters, 'requests') : null;
    const { sql: rows } = this.rows(
      { range: query, dimension: undefined, metric: 'requests', bucketMs: undefined, needed },
      params,
    );
    const sql = `SELECT CAST(coalesce(sum(amount), 0) AS DOUBLE) AS total FROM (${rows})`;
    return Number((await connection.runAndReadAll(sql, params.values)).getRowsJS()[0]![0]);
  }

  purge(options: { groupName: string; before: number }): Promise<number> {
    return this.write(async () => {
      if (!Number.isSafeInteger(options.before)) throw new EventQueryError('invalid purge time');
      const group = options.groupName;
      const before = BigInt(options.before);
      return this.transaction(async () => {
        const result = await this.connection.run(
          `DELETE FROM ${EVENTS_TABLE} WHERE "group_name" = $1 AND "timestamp" < $2`,
          [group, before],
        );
        // The req_id tables have no group: what is older than every event left is gone for all.
        const oldest = (
          await this.connection.runAndReadAll(`SELECT coalesce(min("timestamp"), $1) FROM ${EVENTS_TABLE}`, [before])
        ).getRowsJS()[0]![0] as bigint;
        for (const table of REQ_ID_TABLES) {
          await this.connection.run(`DELETE FROM ${table} WHERE "timestamp" < $1`, [oldest]);
        }
        for (const rollup of ROLLUPS) {
          // Buckets wholly before the cut go; the one it cuts through is summed again from what is left.
          const cut = BigInt(Math.floor(options.before / rollup.grainMs) * rollup.grainMs);
          await this.connection.run(`DELETE FROM ${rollup.table} WHERE "group_name" = $1 AND "timestamp" < $2`, [
            group,
            cut,
          ]);
          if (cut === before) continue;
          await this.connection.run(`DELETE FROM ${rollup.table} WHERE "group_name" = $1 AND "timestamp" = $2`, [
            group,
            cut,
          ]);
          await this.connection.run(
            `INSERT INTO ${rollup.table} ${rollupSelect(rollup, EVENTS_TABLE, '"group_name" = $1 AND "timestamp" >= $2 AND "timestamp" < $3')}`,
            [group, cut, cut + BigInt(rollup.grainMs)],
          );
        }
        return result.rowsChanged;
      });
    });
  }

  renameGroup(options: { from: string; to: string }): Promise<number> {
    // A group renamed to its own name moves nothing (and must not, on ClickHouse: see there).
    if (options.from === options.to) return Promise.resolve(0);
    return this.write(() =>
      this.transaction(async () => {
        const params = [options.to, options.from];
        const result = await this.connection.run(
          `UPDATE ${EVENTS_TABLE} SET "group_name" = $1 WHERE "group_name" = $2`,
          params,
        );
        for (const rollup of ROLLUPS) {
          await this.connection.run(`UPDATE ${rollup.table} SET "group_name" = $1 WHERE "group_name" = $2`, params);
        }
        return result.rowsChanged;
      }),
    );
  }

  async close(): Promise<void> {
    // Reads still running finish first; then the writer's queue, then the instance.
    await this.reads.close();
    return this.write(() => {
      for (const reader of this.readers) reader.closeSync();
      this.connection.closeSync();
      this.instance.closeSync();
      return Promise.resolve();
    });
  }
}

/** What a search (or its count) matches: the range and its filters, the req_id, the Deep Search text. */
function searchConditions(query: CountQuery, params: Params): string[] {
  const conditions = [rangeWhere(query, params)];
  if (query.reqId !== undefined) conditions.push(`"req_id" = ${params.add(query.reqId)}`);
  if (query.text !== undefined && query.text !== '') {
    const sigma = holdsSigma(query.text);
    const needle = foldedText(params.add(query.text), sigma);
    const inHeaders = foldedText(params.add(asJsonText(query.text)), sigma);
    const within = (column: string, text: string) => `contains(${foldedText(`"${column}"`, sigma)}, ${text})`;
    conditions.push(`(${within('uri', needle)} OR ${within('args', needle)} OR ${within('req_headers', inHeaders)})`);
  }
  return conditions;
}

/**
 * The times in [from, to) at which a req_id's hash was stored (duckdb-schema.ts, REQ_ID_TABLES),
 * newest first: where the events table holds that req_id, and a few more for a shared hash.
 */
async function reqIdTimes(connection: DuckDBConnection, reqId: string, from: number, to: number): Promise<number[]> {
  if (to <= from) return [];
  // The hash as a literal of the column's type: a BIGINT parameter made DuckDB cast the column.
  const hash = reqIdHashOf(reqId);
  const times = await connection.runAndReadAll(
    `SELECT DISTINCT "timestamp" FROM ${reqIdTable(reqIdPartition(hash))}
     WHERE "req_hash" = ${hash}::UINTEGER AND "timestamp" >= $1 AND "timestamp" < $2 ORDER BY "timestamp" DESC`,
    [BigInt(from), BigInt(to)],
  );
  return times.getRowsJS().map(([time]) => Number(time));
}

/** Runs `work` in one transaction of a read connection: every statement of it reads one snapshot. */
async function readTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    return await work();
  } finally {
    // Nothing was written: ending it either way only lets go of the snapshot.
    await connection.run('ROLLBACK');
  }
}

/**
 * Adds the req_id hash and time of every row of `source` to its partition's table: hashed once
 * into a temporary table, then split by partition.
 */
async function addReqIds(connection: DuckDBConnection, source: string): Promise<void> {
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE req_id_batch AS SELECT ${reqIdHash('"req_id"')} AS "req_hash", "timestamp" FROM ${source}`,
  );
  for (let partition = 0; partition < REQ_ID_PARTITIONS; partition++) {
    await connection.run(
      `INSERT INTO ${reqIdTable(partition)} SELECT "req_hash", "timestamp" FROM req_id_batch
       WHERE ${reqIdPartitionSql('"req_hash"')} = ${partition}`,
    );
  }
  await connection.run('DROP TABLE req_id_batch');
}

/**
 * Opens (creating if needed) the event store in the DuckDB file at `path`. A file written before
 * a rollup existed, or with a rollup of another layout, gets that rollup summed from its events
 * once, here.
 */
export async function openDuckDbEventStore(path: string, options: DuckDbStoreOptions = {}): Promise<DuckDbEventStore> {
  const instance = await DuckDBInstance.create(path, {
    memory_limit: options.memoryLimit ?? DUCKDB_MEMORY_LIMIT,
    // Lets DuckDB insert a batch on all its threads; every read of the store orders its rows itself.
    preserve_insertion_order: 'false',
    // Off: DuckDB's late materialization fetches the rows of an ORDER BY ... LIMIT again by row
    // id, which cost the store's own (a search's page time, a dry-run's sample of a quarter-hour)
    // 4-12 ms more each at 10M events than reading them where they were filtered.
    late_materialization_max_rows: '0',
  });
  const connection = await instance.connect();
  const readers: DuckDBConnection[] = [];
  try {
    for (const statement of [...EVENTS_DDL, ...STAGING_DDL]) await connection.run(statement);
    const existing = await connection.runAndReadAll(
      `SELECT table_name, list(column_name || ' ' || data_type ORDER BY column_index) FROM duckdb_columns()
       WHERE database_name = current_database() AND schema_name = current_schema() GROUP BY table_name`,
    );
    const layouts = new Map(existing.getRowsJS().map(([name, columns]) => [String(name), JSON.stringify(columns)]));
    // A file written before the header columns: they are added and filled from the headers once.
    const eventColumns = JSON.parse(layouts.get(EVENTS_TABLE) ?? '[]') as string[];
    for (const name of HEADER_COLUMNS) {
      if (eventColumns.some((column) => column.startsWith(`${name} `))) continue;
      await connection.run(`ALTER TABLE ${EVENTS_TABLE} ADD COLUMN "${name}" VARCHAR DEFAULT ''`);
      await connection.run(`UPDATE ${EVENTS_TABLE} SET "${name}" = ${headerField(name, '"req_headers"')}`);
    }
    await addAddressKeys(connection, eventColumns);
    if (layouts.has(REQ_ID_UNPARTITIONED_TABLE)) await connection.run(`DROP TABLE ${REQ_ID_UNPARTITIONED_TABLE}`);
    if (REQ_ID_TABLES.some((table) => layouts.get(table) !== JSON.stringify(REQ_ID_LAYOUT))) {
      // Any partition missing or of another layout: all of them filled again from the events, once.
      for (const table of REQ_ID_TABLES) {
        await connection.run(`DROP TABLE IF EXISTS ${table}`);
        await connection.run(reqIdDdl(table));
      }
      await addReqIds(connection, EVENTS_TABLE);
    }
    for (const rollup of ROLLUPS) {
      const layout = layouts.get(rollup.table);
      if (layout === JSON.stringify(rollupLayout(rollup))) continue;
      // New, or of an older layout: summed again from the events, once. In one transaction: a
      // rollup of the new layout is taken as whole at the next open, so one left half-summed by
      // a failure or a crash would answer short for good.
      await connection.run('BEGIN TRANSACTION');
      try {
        if (layout !== undefined) await connection.run(`DROP TABLE ${rollup.table}`);
        await connection.run(rollupDdl(rollup));
        // In time order, as batches append them: a rollup's row groups are skipped by their
        // times, and summed in one statement without the order, a day's list by address read
        // every row group of its rollups (p50 27 ms against 19 ms in a file written batch by batch).
        await connection.run(`INSERT INTO ${rollup.table} ${rollupSelect(rollup, EVENTS_TABLE)} ORDER BY "timestamp"`);
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
    }
    const count = options.readers ?? DUCKDB_READERS;
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`invalid number of DuckDB readers: ${count}`);
    for (let index = 0; index < count; index++) readers.push(await instance.connect());
  } catch (error) {
    for (const reader of readers) reader.closeSync();
    connection.closeSync();
    instance.closeSync();
    throw error;
  }
  return new DuckDbStore(
    instance,
    connection,
    readers,
    options.readLimits ?? DUCKDB_READ_LIMITS,
    options.foldAfterRows ?? ROLLUP_FOLD_AFTER_ROWS,
    options.insertMergeMaxRows ?? INSERT_MERGE_MAX_ROWS,
  );
}
