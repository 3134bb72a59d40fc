/**
 * The DuckDB table of request events. Column order is the order the appender writes in
 * (EVENT_COLUMNS), so the two must change together.
 *
 * - `timestamp` is BIGINT epoch ms: the record carries ms, buckets are integer arithmetic
 *   (`timestamp - timestamp % bucket`), the keyset cursor compares exact integers, and nothing
 *   depends on a session time zone.
 * - `req_id` is the PRIMARY KEY: ingest inserts with INSERT OR IGNORE, so a retried batch or a
 *   record seen twice is stored once, exactly, whatever its timestamp.
 * - `req_headers` is JSON text: the event log shows it whole and the deep search reads it as text.
 */

export const EVENTS_TABLE = 'events';
export const EVENTS_STAGING_TABLE = 'events_staging';

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

export const EVENTS_DDL = [
  `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (\n  ${columnList},\n  PRIMARY KEY (req_id)\n)`,
  // Batches land here first (the appender cannot skip duplicates); temporary, so never on disk.
  `CREATE TEMP TABLE IF NOT EXISTS ${EVENTS_STAGING_TABLE} AS SELECT * FROM ${EVENTS_TABLE} LIMIT 0`,
];
