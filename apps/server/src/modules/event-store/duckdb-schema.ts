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

const columnList = EVENT_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(',\n  ');

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

export const STAGING_DDL = [`CREATE TEMP TABLE IF NOT EXISTS ${EVENTS_STAGING_TABLE} (\n  ${stagingColumns}\n)`];
