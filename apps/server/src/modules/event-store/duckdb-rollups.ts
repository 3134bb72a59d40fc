import { EVENT_TYPE_WAF, type EventDimension, type EventFilter } from '@parapet/shared';
import { ADDRESS_KEY_COLUMNS, ADDRESS_KEY_TYPE, type AddressKeyColumn } from './duckdb-address.js';
import { EVENTS_TABLE, type EventColumn, type HeaderColumn } from './duckdb-schema.js';

/**
 * Rollups of the DuckDB store (docs/analytics-bench.md): request counts and byte sums per group,
 * per minute, quarter-hour, hour, 6 hours or day, and per combination of a few columns, kept in
 * step with every insert and purge. A series or a top-N whose group-by and filters only read
 * those columns is answered from them for the whole buckets of its range and from the raw table
 * for the ragged ends, so the answer is the same as a scan of the raw table, which the benchmark
 * checks, at a small part of the cost.
 *
 * Rows of a rollup are not unique per bucket and key: every batch appends its own sums and a
 * query adds them up. The store folds the buckets that more than one batch wrote to together
 * from time to time (duckdb-store.ts, ROLLUP_FOLD_AFTER_ROWS), so a trickle of small batches does
 * not grow a rollup past its one row per bucket and key.
 */

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;
const SIX_HOURS_MS = 6 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

/** A request a firewall rule acted on: what every Firewall tab query filters on. */
const WAF_EVENTS: EventFilter & { op: 'is' } = { field: 'type', op: 'is', value: EVENT_TYPE_WAF };

export type RollupColumn = EventColumn | HeaderColumn | AddressKeyColumn;

export interface Rollup {
  table: string;
  grainMs: number;
  columns: readonly RollupColumn[];
  /**
   * A filter every row of the rollup meets: it sums only such events, and answers only queries
   * that carry the same filter (the Firewall tab's, for one).
   */
  only?: EventFilter & { op: 'is' };
}

/**
 * The columns the dashboard's tabs group and filter by that take few values; `status_class` and
 * `served_by` are computed from `status`, and `cache_status` with `upstream_status`, so they are
 * covered too.
 */
const CUBE: readonly RollupColumn[] = [
  'server_name',
  'country',
  'status',
  'upstream_status',
  'action',
  'type',
  'rule',
  'cache_status',
];
/**
 * What the tabs' own filters read: the firewall's (`type`, `action`) and the cache's
 * (`served_by`, which reads `upstream_status` to tell the origin's answers from the edge's own).
 */
const TAB_FILTERS: readonly RollupColumn[] = ['type', 'action', 'cache_status', 'upstream_status'];

/** A client address, as the rollups by address keep it: its number (duckdb-address.ts). */
const BY_ADDRESS: readonly RollupColumn[] = [...ADDRESS_KEY_COLUMNS, 'type', 'action'];

/**
 * A query uses the coarsest grain that divides its buckets, then finer grains for the ends; of
 * two rollups of one grain that both fit, the first listed. Client addresses and paths take many
 * values, so they get rollups of their own with only the columns their lists filter by (the
 * firewall's and the cache's).
 */
export const ROLLUPS: readonly Rollup[] = [
  // Totals, and totals by what the tabs' own filters read: what tiles ask, a few rows a bucket.
  { table: 'events_hourly_total', grainMs: HOUR_MS, columns: [] },
  { table: 'events_quarterly_total', grainMs: QUARTER_MS, columns: [] },
  { table: 'events_minutely_total', grainMs: MINUTE_MS, columns: [] },
  { table: 'events_hourly_by_tab_filters', grainMs: HOUR_MS, columns: TAB_FILTERS },
  { table: 'events_quarterly_by_tab_filters', grainMs: QUARTER_MS, columns: TAB_FILTERS },
  { table: 'events_minutely_by_tab_filters', grainMs: MINUTE_MS, columns: TAB_FILTERS },
  { table: 'events_hourly', grainMs: HOUR_MS, columns: CUBE },
  { table: 'events_quarterly', grainMs: QUARTER_MS, columns: CUBE },
  { table: 'events_minutely', grainMs: MINUTE_MS, columns: CUBE },
  {
    table: 'events_quarterly_method',
    grainMs: QUARTER_MS,
    columns: ['method', 'scheme', 'server_protocol', ...TAB_FILTERS],
  },
  { table: 'events_quarterly_content_type', grainMs: QUARTER_MS, columns: ['content_type', ...TAB_FILTERS] },
  { table: 'events_quarterly_referer', grainMs: QUARTER_MS, columns: ['referer', ...TAB_FILTERS] },
  { table: 'events_quarterly_user_agent', grainMs: QUARTER_MS, columns: ['user_agent', ...TAB_FILTERS] },
  { table: 'events_quarterly_isp', grainMs: QUARTER_MS, columns: ['isp', 'proxy_type', ...TAB_FILTERS] },
  {
    table: 'events_quarterly_reason',
    grainMs: QUARTER_MS,
    columns: ['reason', 'rule', 'proxy_type', 'type', 'action'],
  },
  // Client addresses take many values (60k over 3 days at 10M events, 28k an hour): a 3-day list
  // summed from hours read 2M rows (p95 64 ms); from 6-hour blocks, a third of that.
  { table: 'events_daily_client_ip', grainMs: DAY_MS, columns: BY_ADDRESS },
  { table: 'events_6h_client_ip', grainMs: SIX_HOURS_MS, columns: BY_ADDRESS },
  // The Firewall tab's chart by address: quarter-hour buckets over a day, hours over 3 days. Its
  // events are few, so rollups of them alone are small; listed first, they answer its queries.
  // The 3-day chart read the hourly rollup of every event (2M rows) for its 2% (p95 31 ms).
  {
    table: 'events_hourly_waf_client_ip',
    grainMs: HOUR_MS,
    columns: BY_ADDRESS,
    only: WAF_EVENTS,
  },
  { table: 'events_hourly_client_ip', grainMs: HOUR_MS, columns: BY_ADDRESS },
  {
    table: 'events_quarterly_waf_client_ip',
    grainMs: QUARTER_MS,
    columns: BY_ADDRESS,
    only: WAF_EVENTS,
  },
  // Paths alone, for the charts by path with none of the tabs' filters (Overview, Acceleration):
  // with the tab filters a path-hour is split a row per cache status and origin status, three
  // to six times the rows (a day's chart p95 31–34 ms on a slow machine, 15–19 ms from these).
  { table: 'events_hourly_uri_alone', grainMs: HOUR_MS, columns: ['uri'] },
  { table: 'events_hourly_uri', grainMs: HOUR_MS, columns: ['uri', ...TAB_FILTERS] },
  // A day's chart by path has quarter-hour buckets: read raw, it took 120–210 ms at 10M events.
  { table: 'events_quarterly_uri_alone', grainMs: QUARTER_MS, columns: ['uri'] },
  { table: 'events_quarterly_uri', grainMs: QUARTER_MS, columns: ['uri', ...TAB_FILTERS] },
];

const COLUMN_TYPES: Readonly<Partial<Record<RollupColumn, string>>> = {
  status: 'SMALLINT NOT NULL',
  upstream_status: 'SMALLINT',
  client_ip_hi: `${ADDRESS_KEY_TYPE} NOT NULL`,
  client_ip_lo: `${ADDRESS_KEY_TYPE} NOT NULL`,
};

/**
 * The rollup's columns and types in table order, as `duckdb_columns()` names them, to tell a
 * table of an older layout. Bytes are DOUBLE. A record may say it sent up to 2^53 bytes, so a
 * bucket's sum can pass what a BIGINT holds: as BIGINT, 1,100 such records failed their batch,
 * and a fold that failed so failed every later batch. A DOUBLE is exact to 2^53 bytes (8 PiB) a
 * bucket and never fails past it; summing HUGEINT was slower (the benchmark's 3-day top-N of
 * client addresses by bytes: p95 317 ms with HUGEINT, 198 ms with BIGINT; docs/analytics-bench.md).
 */
export const rollupLayout = (rollup: Rollup): string[] => [
  'group_name VARCHAR',
  'timestamp BIGINT',
  ...rollup.columns.map((name) => `${name} ${(COLUMN_TYPES[name] ?? 'VARCHAR').split(' ')[0]!}`),
  'requests BIGINT',
  'bytes DOUBLE',
];

/** Items each followed by a comma: a column list that may be empty, ahead of the sums. */
export const eachThenComma = (items: readonly string[]): string => items.map((item) => `${item}, `).join('');

export function rollupDdl(rollup: Rollup): string {
  const columns = rollup.columns.map((name) => `"${name}" ${COLUMN_TYPES[name] ?? 'VARCHAR NOT NULL'}`);
  return `CREATE TABLE IF NOT EXISTS ${rollup.table} (
    "group_name" VARCHAR NOT NULL, "timestamp" BIGINT NOT NULL, ${eachThenComma(columns)}
    "requests" BIGINT NOT NULL, "bytes" DOUBLE NOT NULL)`;
}

/** The condition of a rollup's `only` filter on the raw table (its value is a shared constant). */
export const onlyCondition = (rollup: Rollup): string =>
  rollup.only ? `"${rollup.only.field}" = '${String(rollup.only.value).replaceAll("'", "''")}'` : 'TRUE';

/** The aggregate of `source` rows (raw events) into a rollup's rows, for an INSERT. */
export function rollupSelect(rollup: Rollup, source: string, where = 'TRUE'): string {
  const columns = rollup.columns.map((name) => `"${name}"`);
  // An upgraded file's row whose address is none has no number (duckdb-address-upgrade.ts): it
  // stays out of the lists by address rather than keep the file from opening.
  const numbered = rollup.columns.some((name) => (ADDRESS_KEY_COLUMNS as readonly string[]).includes(name))
    ? `"${ADDRESS_KEY_COLUMNS[0]}" IS NOT NULL`
    : 'TRUE';
  return `SELECT "group_name", ("timestamp" // ${rollup.grainMs}) * ${rollup.grainMs} AS "timestamp", ${eachThenComma(columns)}
    count(*) AS "requests", sum("bytes_sent")::DOUBLE AS "bytes"
    FROM ${source} WHERE (${where}) AND ${onlyCondition(rollup)} AND ${numbered} GROUP BY ALL`;
}

/** The rollup's own rows folded: one per group, bucket and key. */
export function rollupRefold(rollup: Rollup, where: string): string {
  const columns = rollup.columns.map((name) => `"${name}"`);
  return `SELECT "group_name", "timestamp", ${eachThenComma(columns)}sum("requests")::BIGINT AS "requests", sum("bytes")::DOUBLE AS "bytes"
    FROM ${rollup.table} WHERE ${where} GROUP BY ALL`;
}

/** The columns a dimension or filter field reads where rollups answer it. */
function columnsOf(field: string): readonly string[] {
  switch (field) {
    case 'status_class':
      return ['status'];
    case 'served_by':
      return ['cache_status', 'upstream_status'];
    case 'client_ip':
      return ADDRESS_KEY_COLUMNS;
    default:
      return [field];
  }
}

/** Which columns a query reads besides the time; null when some are in no rollup. */
export function columnsNeeded(
  groupBy: EventDimension | undefined,
  filters: readonly EventFilter[],
  metric: string,
): Set<string> | null {
  const needed = new Set<string>();
  // Bytes are summed in every rollup; other numeric fields only filter, from the raw table.
  if (metric !== 'requests' && metric !== 'bytes') return null;
  for (const field of [...(groupBy ? [groupBy] : []), ...filters.map((filter) => filter.field)]) {
    for (const column of columnsOf(field)) needed.add(column);
  }
  return needed;
}

/** Where one part of a range is read from. */
export interface RangePiece {
  from: number;
  to: number;
  rollup: Rollup | null;
}

/**
 * Splits [from, to) into pieces: whole buckets of the coarsest rollup that holds the needed
 * columns and whose grain divides `bucketMs` (a top-N has no buckets), then finer rollups for
 * what is left at each end, and the raw table for the rest.
 */
export function planRange(
  from: number,
  to: number,
  needed: Set<string> | null,
  bucketMs: number | undefined,
  filters: readonly EventFilter[] = [],
): RangePiece[] {
  const usable = needed
    ? ROLLUPS.filter(
        (rollup) =>
          [...needed].every((column) => (rollup.columns as readonly string[]).includes(column)) &&
          (bucketMs === undefined || bucketMs % rollup.grainMs === 0) &&
          (!rollup.only ||
            filters.some(
              (filter) =>
                filter.field === rollup.only!.field && filter.op === 'is' && filter.value === rollup.only!.value,
            )),
      )
    : [];
  // One rollup per grain: the first listed that fits (the smallest, by the order of ROLLUPS).
  const byGrain = new Map<number, Rollup>();
  for (const rollup of usable) if (!byGrain.has(rollup.grainMs)) byGrain.set(rollup.grainMs, rollup);
  const grains = [...byGrain.values()].sort((a, b) => b.grainMs - a.grainMs);
  const pieces: RangePiece[] = [];
  const cover = (start: number, end: number, level: number): void => {
    if (start >= end) return;
    const rollup = grains[level];
    if (!rollup) {
      pieces.push({ from: start, to: end, rollup: null });
      return;
    }
    const first = Math.ceil(start / rollup.grainMs) * rollup.grainMs;
    const last = Math.floor(end / rollup.grainMs) * rollup.grainMs;
    if (first >= last) {
      cover(start, end, level + 1);
      return;
    }
    cover(start, first, level + 1);
    pieces.push({ from: first, to: last, rollup });
    cover(last, end, level + 1);
  };
  cover(from, to, 0);
  return pieces;
}

/** The table a piece reads, and how it counts requests and bytes there. */
export function pieceSource(piece: RangePiece): { table: string; requests: string; bytes: string } {
  return piece.rollup
    ? { table: piece.rollup.table, requests: '"requests"', bytes: '"bytes"' }
    : { table: EVENTS_TABLE, requests: '1', bytes: '"bytes_sent"' };
}
