import { createHash } from 'node:crypto';
import { ADDRESS_KEY_COLUMNS, ADDRESS_KEY_TYPE } from './duckdb-address.js';
/**
 * The DuckDB table of request events. Column order is the order the appender writes in
 * (EVENT_COLUMNS), so the two must change together.
 *
 * - `timestamp` is BIGINT epoch ms: the record carries ms, buckets are integer arithmetic
 *   (`timestamp - timestamp % bucket`), the keyset cursor compares exact integers, and nothing
 *   depends on a session time zone.
 * - `req_id` has no PRIMARY KEY: duplicates are found by a lookup bounded by the dedupe window
 *   (see DuckDbEventStore.insert). Measured here, a PRIMARY KEY's index made inserts slow down
 *   with the table (200k rows/s at 0.5M rows, 72k at 2M) and grew memory past `memory_limit`
 *   (900 MB RSS at 2M rows), while a check bounded by time kept its cost flat.
 * - `req_headers` is JSON text: the event log shows it whole and the deep search reads it as text.
 */

export const EVENTS_TABLE = 'events';

export const EVENT_COLUMNS = [
  ['req_id', 'VARCHAR NOT NULL'],
  ['timestamp', 'BIGINT NOT NULL'],
  ['group_name', 'VARCHAR NOT NULL'],
  ['customer_package', 'VARCHAR NOT NULL'],
  ['server_name', 'VARCHAR NOT NULL'],
  ['host', 'VARCHAR NOT NULL'],
  ['scheme', 'VARCHAR NOT NULL'],
  ['method', 'VARCHAR NOT NULL'],
  ['server_port', 'INTEGER'],
  ['uri', 'VARCHAR NOT NULL'],
  ['args', 'VARCHAR NOT NULL'],
  ['request_url', 'VARCHAR NOT NULL'],
  ['server_protocol', 'VARCHAR NOT NULL'],
  ['req_headers', 'VARCHAR NOT NULL'],
  ['client_ip', 'VARCHAR NOT NULL'],
  ['user_agent', 'VARCHAR NOT NULL'],
  ['country', 'VARCHAR NOT NULL'],
  ['isp', 'VARCHAR NOT NULL'],
  ['proxy_type', 'VARCHAR NOT NULL'],
  ['action', 'VARCHAR NOT NULL'],
  ['type', 'VARCHAR NOT NULL'],
  ['rule', 'VARCHAR NOT NULL'],
  ['reason', 'VARCHAR NOT NULL'],
  ['status', 'SMALLINT NOT NULL'],
  ['upstream_status', 'SMALLINT'],
  ['request_time', 'DOUBLE NOT NULL'],
  ['upstream_response_time', 'DOUBLE'],
  ['bytes_sent', 'BIGINT NOT NULL'],
  ['cache_status', 'VARCHAR NOT NULL'],
  ['origin_host_resolve', 'VARCHAR NOT NULL'],
] as const;

export type EventColumn = (typeof EVENT_COLUMNS)[number][0];

/**
 * Fields of the request headers that the events table keeps as columns of their own, after the
 * record's, filled at insert (duckdb-filters.ts, headerField): the dashboard groups and filters by
 * them, and reading them out of the headers' JSON was most of a raw scan's time (an hour's chart
 * by referer: 60 ms at 10M events; docs/analytics-bench.md). They are not part of the record: a
 * search answers the record's columns only.
 */
export const HEADER_COLUMNS = ['referer', 'content_type'] as const;
export type HeaderColumn = (typeof HEADER_COLUMNS)[number];

/*
 * Then the client address as a number (duckdb-address.ts), which the lists by address group by.
 * Neither is part of the record either.
 */
const columnList = [
  ...EVENT_COLUMNS.map(([name, type]) => `"${name}" ${type}`),
  ...HEADER_COLUMNS.map((name) => `"${name}" VARCHAR NOT NULL`),
  ...ADDRESS_KEY_COLUMNS.map((name) => `"${name}" ${ADDRESS_KEY_TYPE} NOT NULL`),
].join(',\n  ');

export const EVENTS_DDL = [`CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (\n  ${columnList}\n)`];

/**
 * A batch on its way in (duckdb-load.ts): the staging table holds it as appended, with every text
 * column but `req_id` as a code into the batch's dictionary of that column. It is a temporary
 * table of the connection, emptied after every batch, so nothing of it reaches the file.
 */
export const EVENTS_STAGING_TABLE = 'events_staging';

/** Text columns sent as dictionary codes: all but `req_id`, which is never repeated. */
export const DICTIONARY_COLUMNS: ReadonlySet<EventColumn> = new Set(
  EVENT_COLUMNS.filter(([name, type]) => type.startsWith('VARCHAR') && name !== 'req_id').map(([name]) => name),
);

const stagingColumns = EVENT_COLUMNS.map(([name, type]) =>
  DICTIONARY_COLUMNS.has(name) ? `"${name}" INTEGER` : `"${name}" ${type}`,
).join(',\n  ');

/**
 * The staging column that says which of the batches loaded together a row came from
 * (duckdb-store.ts): each caller is answered with its own rows stored and repeated.
 */
export const STAGING_PART_COLUMN = 'batch_part';

export const STAGING_DDL = [
  `CREATE TEMP TABLE IF NOT EXISTS ${EVENTS_STAGING_TABLE} (\n  ${stagingColumns},\n  "${STAGING_PART_COLUMN}" INTEGER NOT NULL\n)`,
];

/**
 * Where each req_id is, by time: the event log's search for one req_id scans this narrow table
 * (4-byte hashes) for the times its hash was stored, then reads the events table at those
 * times only, where the time's min/max skips every other row group. Scanning the events
 * table's req_id text for one value read all of it (200–300 ms over 10M events,
 * docs/analytics-bench.md); an index would cost the insert rate and memory (see `req_id` above).
 * The hash is md5's top 32 bits, which DuckDB computes the same in every version; two ids
 * sharing a hash only cost one more lookup, since the events table answers with the id itself.
 * Rows whose events were purged stay until the purge passes them for every group (a stale
 * time finds nothing).
 *
 * The rows are split over REQ_ID_PARTITIONS tables by the hash's top bits, so a lookup scans one
 * sixteenth of them: one table of 10M hashes took 10–12 ms to scan, most of the search's 22 ms
 * (docs/analytics-bench.md). Sorting by hash would not do it: rows arrive in time order, a batch
 * at a time, so every row group of a single table spans every hash.
 */
export const REQ_ID_PARTITIONS = 16;

/** The req_id table of one partition. */
export const reqIdTable = (partition: number): string => `events_req_ids_${partition.toString(16)}`;

export const REQ_ID_TABLES = Array.from({ length: REQ_ID_PARTITIONS }, (_, partition) => reqIdTable(partition));

/** The single req_id table of files written before the partitions, dropped when one is opened. */
export const REQ_ID_UNPARTITIONED_TABLE = 'events_req_ids';

export const reqIdHash = (text: string): string => `(md5_number(${text}) >> 96)::UINTEGER`;

/**
 * The same hash of one id, computed here: md5_number holds the digest's bytes as a little-endian
 * 128-bit number, so its top 32 bits are the digest's last four bytes read little-endian. A
 * search saves the statement that asked DuckDB for it (1-2 ms).
 */
export const reqIdHashOf = (reqId: string): number => createHash('md5').update(reqId, 'utf8').digest().readUInt32LE(12);

/** The partition of a 32-bit hash: its top four bits. */
export const reqIdPartition = (hash: number): number => hash >>> (32 - Math.log2(REQ_ID_PARTITIONS));

export const reqIdPartitionSql = (hash: string): string => `(${hash} >> ${32 - Math.log2(REQ_ID_PARTITIONS)})`;

export const reqIdDdl = (table: string): string =>
  `CREATE TABLE IF NOT EXISTS ${table} ("req_hash" UINTEGER NOT NULL, "timestamp" BIGINT NOT NULL)`;

/** Its columns as `duckdb_columns()` names them, to tell a table of another layout. */
export const REQ_ID_LAYOUT = ['req_hash UINTEGER', 'timestamp BIGINT'];
