import { sql, type Compilable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { readKeptOf } from './sqlite-dialect.js';

/**
 * The rows of a query, kept while the SQLite file is unchanged (kept-reads.ts) when the store is
 * SQLite and its connection is free; otherwise run as usual (PostgreSQL, or inside a transaction).
 * For small answers read far more often than the store changes.
 */
export async function keptRows<DB, Row>(db: Kysely<DB>, query: Compilable<Row>): Promise<readonly Row[]> {
  const compiled = query.compile();
  const rows = readKeptOf(db)?.(compiled.sql, compiled.parameters);
  if (rows) return rows as readonly Row[];
  return (await db.executeQuery(compiled)).rows;
}

/**
 * How many rows a list's filtered query matches, the `total` of its page. The count reads every
 * matching row of the group (about 260 µs for 10,000 lines on SQLite, more than the page of 100
 * itself), so it is kept between reads while nothing changed.
 */
export async function keptCount<DB, TB extends keyof DB, O>(
  db: object,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const counted = query.select(sql<number | string>`count(*)`.as('n'));
  const compiled = counted.compile();
  const [row] = readKeptOf(db)?.(compiled.sql, compiled.parameters) ?? (await counted.execute());
  return Number((row as { n: number | string } | undefined)?.n ?? 0);
}
