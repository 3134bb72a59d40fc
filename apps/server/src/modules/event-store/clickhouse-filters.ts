import {
  EVENT_CACHE_SERVED_STATUSES,
  SERVED_BY_CACHE,
  SERVED_BY_EDGE,
  SERVED_BY_ORIGIN,
  isNumericFilterField,
  type EventDimension,
  type EventFilter,
  type EventFilterField,
  type EventMetric,
} from '@parapet/shared';
import type { ClickHouseParamValue } from './clickhouse-executor.js';
import { CLICKHOUSE_EVENT_COLUMNS } from './clickhouse-schema.js';
import { checkDimension, checkedFilters, checkMetric, type EventRange } from './event-store.js';

/**
 * SQL pieces of the ClickHouse store, with the DuckDB store's meaning (duckdb-filters.ts).
 * Column names come only from the shared whitelists, checked again here at run time; every
 * value, the shared constants included, is a query parameter.
 */

export type ClickHouseParamType = 'String' | 'Int64' | 'UInt64' | 'Float64' | 'Array(String)';

export class Params {
  readonly values: Record<string, ClickHouseParamValue> = {};
  private count = 0;

  /** Binds a value and answers its `{name:Type}` placeholder. */
  add(value: ClickHouseParamValue, type: ClickHouseParamType): string {
    const name = `p${this.count}`;
    this.count += 1;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

/**
 * Text lower-cased as DuckDB's store does (duckdb-filters.ts, foldedText): lowerUTF8 writes İ as
 * i + U+0307 and a word-final Σ as ς, where DuckDB writes i and σ, so both are folded back.
 * `dotlessI` and `sigma` leave out a fold whose letters the needle lacks (it changes no match
 * then, and each costs a pass over every scanned value); a key or a filter folds both.
 */
export function foldedText(text: string, { dotlessI = true, sigma = true } = {}): string {
  let folded = `lowerUTF8(${text})`;
  if (dotlessI) folded = `replaceAll(${folded}, 'i\u0307', 'i')`;
  if (sigma) folded = `replaceAll(${folded}, 'ς', 'σ')`;
  return folded;
}

/** A field as text: what a group-by key and an is/is_not on a text field compare. */
export function textExpression(field: EventFilterField, params: Params): string {
  switch (field) {
    case 'status_class':
      return `concat(toString(intDiv(status, 100)), 'xx')`;
    case 'served_by':
      // The same order as DuckDB's CASE: the cache, then the origin (an upstream status).
      return `multiIf(cache_status IN ${params.add(EVENT_CACHE_SERVED_STATUSES, 'Array(String)')}, ${params.add(SERVED_BY_CACHE, 'String')}, isNotNull(upstream_status), ${params.add(SERVED_BY_ORIGIN, 'String')}, ${params.add(SERVED_BY_EDGE, 'String')})`;
    case 'referer':
      // JSONExtractString answers '' for a missing key, as coalesce(…, '') does in DuckDB.
      return `JSONExtractString(req_headers, 'referer')`;
    case 'content_type':
      // The first media type of `accept`, without parameters.
      return foldedText(`trimBoth(splitByChar(';', splitByChar(',', JSONExtractString(req_headers, 'accept'))[1])[1])`);
    default:
      return CLICKHOUSE_EVENT_COLUMNS[field].kind === 'text' ? field : `toString(${field})`;
  }
}

export function dimensionExpression(dimension: EventDimension, params: Params): string {
  checkDimension(dimension);
  return textExpression(dimension, params);
}

/** The aggregate of a metric over a group of rows, as Float64 (DuckDB answers DOUBLE). */
export function metricExpression(metric: EventMetric): string {
  checkMetric(metric);
  // Summed as Float64: ClickHouse's sum of Int64 wraps past 2^63, which records of up to 2^53
  // bytes reach in about a thousand rows.
  return metric === 'bytes' ? 'sum(toFloat64(bytes_sent))' : 'toFloat64(count())';
}

function filterCondition(filter: EventFilter, params: Params): string {
  const numeric = isNumericFilterField(filter.field);
  const column = numeric ? filter.field : textExpression(filter.field, params);
  const value = (): string =>
    numeric ? params.add(Number(filter.value), 'Float64') : params.add(String(filter.value), 'String');
  switch (filter.op) {
    case 'is':
      return `${column} = ${value()}`;
    case 'is_not':
      // A row without the field is "not" any value (DuckDB's IS DISTINCT FROM).
      return `(${column} IS NULL OR ${column} != ${value()})`;
    case 'exists':
      return numeric ? `${column} IS NOT NULL` : `(${column} IS NOT NULL AND ${column} != '')`;
    case 'not_exists':
      return numeric ? `${column} IS NULL` : `(${column} IS NULL OR ${column} = '')`;
    case 'gt':
      return `${column} > ${value()}`;
    case 'lt':
      return `${column} < ${value()}`;
  }
}

/** The WHERE clause of a range: the group, the time range and every filter (AND). */
export function rangeWhere(range: EventRange, params: Params): string {
  const filters = checkedFilters(range);
  const conditions = [
    `group_name = ${params.add(range.groupName, 'String')}`,
    `timestamp >= ${params.add(range.from, 'Int64')}`,
    `timestamp < ${params.add(range.to, 'Int64')}`,
    ...filters.map((filter) => filterCondition(filter, params)),
  ];
  return conditions.join(' AND ');
}
