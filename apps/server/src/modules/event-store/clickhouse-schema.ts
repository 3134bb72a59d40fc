import { EVENT_COLUMNS, EVENTS_TABLE, type EventColumn } from './duckdb-schema.js';

/**
 * The ClickHouse table of request events: the same columns, in the same order, as the DuckDB
 * table (EVENT_COLUMNS), so both stores hold and answer the same record.
 *
 * - `timestamp` is Int64 epoch ms, as in DuckDB: buckets are integer arithmetic, the keyset
 *   cursor compares exact integers, and no server or session time zone is involved.
 * - ORDER BY (group_name, timestamp, req_id): every query names one group and a time range,
 *   so the primary index narrows each read to that group's granules in that range; within
 *   them rows are already in the search's (timestamp, req_id) order.
 * - PARTITION BY the UTC day (`intDiv(timestamp, 86400000)`): parts stay bounded in size, a
 *   range query prunes whole days by the partition's min/max, and one day's insert is one part.
 * - A bloom-filter skip index on `req_id` lets the dedupe lookup and a search by req_id skip
 *   granules that cannot hold the id.
 * - LowCardinality for the columns with few distinct values (codes, names, groups): smaller
 *   on disk and faster to group by. Free text (uri, args, headers, user agent) stays String.
 * - `req_headers` is JSON text, as in DuckDB: shown whole, searched as text, and read by
 *   JSONExtractString for the referer and content type dimensions.
 */

/** How a column's values are checked before insert and read back from JSON. */
export type ClickHouseColumnKind = 'text' | 'integer' | 'number' | 'headers';

export interface ClickHouseColumn {
  type: string;
  kind: ClickHouseColumnKind;
  nullable: boolean;
}

const column = (type: string, kind: ClickHouseColumnKind, nullable = false): ClickHouseColumn => ({
  type: nullable ? `Nullable(${type})` : type,
  kind,
  nullable,
});
const text = column('String', 'text');
const code = column('LowCardinality(String)', 'text');

/** Keyed by EventColumn, so a column added to the record fails to compile until it has a type here. */
export const CLICKHOUSE_EVENT_COLUMNS: Readonly<Record<EventColumn, ClickHouseColumn>> = {
  req_id: text,
  timestamp: column('Int64', 'integer'),
  group_name: code,
  customer_package: code,
  server_name: code,
  host: code,
  scheme: code,
  method: code,
  server_port: column('Int32', 'integer', true),
  uri: text,
  args: text,
  request_url: text,
  server_protocol: code,
  req_headers: column('String', 'headers'),
  client_ip: text,
  user_agent: text,
  country: code,
  isp: code,
  proxy_type: code,
  action: code,
  type: code,
  rule: code,
  reason: text,
  status: column('Int16', 'integer'),
  upstream_status: column('Int16', 'integer', true),
  request_time: column('Float64', 'number'),
  upstream_response_time: column('Float64', 'number', true),
  bytes_sent: column('Int64', 'integer'),
  cache_status: code,
  origin_host_resolve: code,
};

export const CLICKHOUSE_EVENTS_TABLE = EVENTS_TABLE;

/** Column names in insert order. */
export const CLICKHOUSE_COLUMN_NAMES: readonly EventColumn[] = EVENT_COLUMNS.map(([name]) => name);

const DAY_MS = 24 * 60 * 60_000;
/** UTC days since the epoch: the partition of a row. */
export const CLICKHOUSE_PARTITION_KEY = `intDiv(timestamp, ${DAY_MS})`;
export const CLICKHOUSE_SORTING_KEY = ['group_name', 'timestamp', 'req_id'] as const;
export const CLICKHOUSE_REQ_ID_INDEX = 'req_id_bloom';

const columnList = CLICKHOUSE_COLUMN_NAMES.map((name) => `\`${name}\` ${CLICKHOUSE_EVENT_COLUMNS[name].type}`).join(
  ',\n  ',
);

/**
 * The statements the store runs when it opens. `IF NOT EXISTS` leaves a table an operator
 * created first alone (say, a ReplicatedMergeTree with these columns on a cluster).
 */
export const CLICKHOUSE_EVENTS_DDL = [
  `CREATE TABLE IF NOT EXISTS ${CLICKHOUSE_EVENTS_TABLE} (
  ${columnList},
  INDEX ${CLICKHOUSE_REQ_ID_INDEX} req_id TYPE bloom_filter GRANULARITY 4
)
ENGINE = MergeTree
PARTITION BY ${CLICKHOUSE_PARTITION_KEY}
ORDER BY (${CLICKHOUSE_SORTING_KEY.join(', ')})`,
];

/**
 * Settings of every insert: a null in a column that is not Nullable is an error, not the
 * column's default ('' or 0), so a malformed record fails its batch as it does in DuckDB.
 */
export const CLICKHOUSE_INSERT_SETTINGS = { input_format_null_as_default: 0 } as const;
