import type { DuckDBConnection } from '@duckdb/node-api';
import type { Params } from './duckdb-filters.js';
import { addressText } from './duckdb-address.js';
import type { TimeSeriesPoint, TopNEntry } from './event-store.js';

/**
 * A top-N and a series by client address, from rows keyed by the address's number (`k_hi`,
 * `k_lo`; duckdb-address.ts). Addresses tied on a list's last place are taken in the order of
 * their numbers, as both stores and the raw scans take them (docs/dashboard.md), so only the
 * answered addresses are written out as text, here, once each.
 */

/** Writes out each address of a series once, however many buckets it has. */
function addressTexts(): (hi: unknown, lo: unknown) => string {
  const known = new Map<bigint, { hi: bigint; text: string }>();
  return (hi, lo) => {
    const [high, low] = [hi as bigint, lo as bigint];
    const found = known.get(low);
    if (found?.hi === high) return found.text;
    const text = addressText(high, low);
    known.set(low, { hi: high, text });
    return text;
  };
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export async function topAddresses(
  connection: DuckDBConnection,
  rows: string,
  params: Params,
  limit: bigint,
): Promise<TopNEntry[]> {
  const ranked = await connection.runAndReadAll(
    `SELECT k_hi, k_lo, CAST(sum(amount) AS DOUBLE) AS value FROM (${rows}) GROUP BY ALL
      ORDER BY value DESC, k_hi, k_lo LIMIT ${params.add(limit)}`,
    params.values,
  );
  return ranked
    .getRowsJS()
    .map(([hi, lo, value]) => ({ key: addressText(hi as bigint, lo as bigint), value: Number(value) }));
}

/**
 * The series by address, by buckets of `bucket` ms (a SQL integer literal): of the `terms`
 * largest addresses when asked, else of all. Points come in the order the other series answer
 * in: by bucket, then by the key's text.
 */
export async function seriesByAddress(
  connection: DuckDBConnection,
  rows: string,
  params: Params,
  bucket: string,
  terms: bigint | undefined,
): Promise<TimeSeriesPoint[]> {
  const points = `SELECT (t // ${bucket}) * ${bucket} AS bucket, k_hi, k_lo, CAST(sum(amount) AS DOUBLE) AS value`;
  const sql =
    terms === undefined
      ? `${points} FROM (${rows}) GROUP BY ALL`
      : `WITH rows AS MATERIALIZED (${rows}),
      top AS (SELECT k_hi, k_lo FROM rows GROUP BY ALL ORDER BY sum(amount) DESC, k_hi, k_lo LIMIT ${params.add(terms)})
      ${points} FROM rows SEMI JOIN top USING (k_hi, k_lo) GROUP BY ALL`;
  const reader = await connection.runAndReadAll(sql, params.values);
  const text = addressTexts();
  return reader
    .getRowsJS()
    .map(([at, hi, lo, value]) => ({ bucket: Number(at), key: text(hi, lo), value: Number(value) }))
    .sort((a, b) => a.bucket - b.bucket || byText(a.key, b.key));
}
