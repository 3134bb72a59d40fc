import {
  EVENT_CACHE_SERVED_STATUSES,
  SERVED_BY_CACHE,
  SERVED_BY_EDGE,
  SERVED_BY_ORIGIN,
  isNumericFilterField,
  type EventDimension,
  type EventFilter,
  type EventFilterField,
} from '@parapet/shared';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { addressKey } from './duckdb-address.js';
import type { HeaderColumn } from './duckdb-schema.js';
import { checkDimension, checkedFilters, type EventRange } from './event-store.js';

/**
 * SQL pieces of the DuckDB store. Column names come only from the shared whitelists (checked
 * again here at run time, since a caller may not have parsed its input); every value goes
 * through `Params` as a bound parameter.
 */

export class Params {
  readonly values: DuckDBValue[] = [];
  private readonly given: Array<DuckDBType | undefined> = [];

  /** Binds a value and answers its placeholder; the type is inferred from the value unless given. */
  add(value: DuckDBValue, type?: DuckDBType): string {
    this.values.push(value);
    this.given.push(type);
    return `$${this.values.length}`;
  }

  /**
   * The types to bind with. The binding reads an undefined entry as "infer from the value"
   * (DuckDBPreparedStatement.bind), which its declared type does not say.
   */
  get types(): DuckDBType[] {
    return this.given as DuckDBType[];
  }
}

/**
 * Text lower-cased for a case-insensitive match, the same way in both stores. DuckDB's lower()
 * maps each letter alone, so a capital sigma is always σ, never the final ς that ClickHouse's
 * lowerUTF8 writes at a word's end: both stores fold ς into σ (clickhouse-filters.ts), so ΟΔΟΣ
 * finds "οδος" and the same rows on either. The needle is folded by the same SQL as the column,
 * never by JavaScript, whose toLowerCase turns İ into i + U+0307 where DuckDB writes i.
 * `sigma`: the fold is needed only where the needle holds a sigma (folding the column changes no
 * match otherwise), and costs a second pass over every scanned value.
 */
export function foldedText(text: string, sigma = true): string {
  return sigma ? `replace(lower(${text}), 'ς', 'σ')` : `lower(${text})`;
}

/**
 * A field the events table keeps beside the request headers it comes from (duckdb-schema.ts,
 * HEADER_COLUMNS), read out of headers JSON `json`: at insert, and for the rollups of a batch.
 */
export function headerField(field: HeaderColumn, json: string): string {
  switch (field) {
    case 'referer':
      return `coalesce(json_extract_string(${json}, '$.referer'), '')`;
    case 'content_type':
      // The first media type of `accept`, without parameters.
      return foldedText(
        `trim(split_part(split_part(coalesce(json_extract_string(${json}, '$.accept'), ''), ',', 1), ';', 1))`,
      );
  }
}

/**
 * A field as text: what a group-by key and an is/is_not on a text field compare. The events
 * table and the rollups both keep the header fields as columns of their own.
 */
export function textExpression(field: EventFilterField): string {
  switch (field) {
    case 'status_class':
      return `(CAST("status" // 100 AS VARCHAR) || 'xx')`;
    case 'served_by':
      // The same order as ClickHouse's multiIf: the cache, then the origin (an upstream status).
      return `(CASE WHEN "cache_status" IN (${EVENT_CACHE_SERVED_STATUSES.map((s) => `'${s}'`).join(', ')}) THEN '${SERVED_BY_CACHE}'
        WHEN "upstream_status" IS NOT NULL THEN '${SERVED_BY_ORIGIN}' ELSE '${SERVED_BY_EDGE}' END)`;
    default:
      return `CAST("${field}" AS VARCHAR)`;
  }
}

export function dimensionExpression(dimension: EventDimension): string {
  checkDimension(dimension);
  return textExpression(dimension);
}

/**
 * A filter on the client address compared with the address's number (duckdb-address.ts), as a
 * query over the rollups by address must: they keep no text. The value is in the store's
 * spelling already (checkedFilters); text that is no address is no stored address.
 */
function addressCondition(filter: EventFilter, params: Params): string {
  const key = typeof filter.value === 'string' ? addressKey(filter.value) : null;
  const [hi, lo] = key ? key.map((half) => params.add(half)) : [];
  switch (filter.op) {
    case 'is':
      return key ? `("client_ip_hi" = ${hi} AND "client_ip_lo" = ${lo})` : 'FALSE';
    case 'is_not':
      return key ? `("client_ip_hi" IS DISTINCT FROM ${hi} OR "client_ip_lo" IS DISTINCT FROM ${lo})` : 'TRUE';
    case 'exists':
      return `"client_ip_hi" IS NOT NULL`;
    case 'not_exists':
      return `"client_ip_hi" IS NULL`;
    default:
      throw new Error(`no ${filter.op} on the client address`);
  }
}

function filterCondition(filter: EventFilter, params: Params, addressKeys: boolean): string {
  if (addressKeys && filter.field === 'client_ip') return addressCondition(filter, params);
  const numeric = isNumericFilterField(filter.field);
  const column = numeric ? `"${filter.field}"` : textExpression(filter.field);
  const value = (): string => params.add(numeric ? Number(filter.value) : String(filter.value));
  switch (filter.op) {
    case 'is':
      return `${column} = ${value()}`;
    case 'is_not':
      // A row without the field is "not" any value.
      return `${column} IS DISTINCT FROM ${value()}`;
    case 'exists':
      return numeric ? `${column} IS NOT NULL` : `(${column} IS NOT NULL AND ${column} <> '')`;
    case 'not_exists':
      return numeric ? `${column} IS NULL` : `(${column} IS NULL OR ${column} = '')`;
    case 'gt':
      return `${column} > ${value()}`;
    case 'lt':
      return `${column} < ${value()}`;
  }
}

/**
 * The WHERE clause of a range: the group, the time range and every filter (AND). With
 * `addressKeys`, a filter on the client address reads its number, which the events table and the
 * rollups by address both hold; otherwise its text, which only the events table holds.
 */
export function rangeWhere(range: EventRange, params: Params, addressKeys = false): string {
  const filters = checkedFilters(range);
  const conditions = [
    `"group_name" = ${params.add(range.groupName)}`,
    `"timestamp" >= ${params.add(BigInt(range.from))}`,
    `"timestamp" < ${params.add(BigInt(range.to))}`,
    ...filters.map((filter) => filterCondition(filter, params, addressKeys)),
  ];
  return conditions.join(' AND ');
}
