import {
  PostgresAdapter,
  sql,
  type DialectAdapter,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { StoreKind } from '@parapet/shared';

/**
 * Every difference between SQLite and PostgreSQL the repositories meet, in one place (STYLE
 * habit 4). The store's kind is read off the Kysely instance (a transaction shares its
 * parent's adapter), so services and repositories never carry it around.
 */

// `getExecutor()` is marked internal by Kysely but is the only handle on the adapter a
// transaction shares with its store; the adapter's class is what tells the engines apart.
/** A Kysely instance or transaction, of any schema. */
export interface StoreHandle {
  getExecutor(): { readonly adapter: DialectAdapter };
}

export const storeKindOf = (db: StoreHandle): StoreKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/**
 * `column` contains `search`, ignoring case, with the search's own % and _ taken literally.
 * The ESCAPE clause is spelled out because SQLite's LIKE has no escape character by default;
 * lower() on both sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
 */
export function containsIgnoringCase(column: string, search: string | undefined): Expression<SqlBool> {
  const pattern = `%${(search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * The columns of the unique key a write ran into, when the store refused it for that: the
 * loser of a race that two checks could not see. PostgreSQL says so with 23505 and names the
 * key in `detail` ("Key (group_name, keypairname)=(...) already exists."); SQLite with its
 * constraint codes and the columns in the message ("UNIQUE constraint failed: certs.group_name,
 * certs.keypairname"). Undefined for any other error.
 */
export function uniqueViolation(error: unknown): { columns: string[] } | undefined {
  const e = error as { code?: unknown; detail?: unknown; message?: unknown } | null;
  if (e?.code === '23505') {
    const key = typeof e.detail === 'string' ? /^Key \(([^)]*)\)/.exec(e.detail)?.[1] : undefined;
    return { columns: key ? key.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [] };
  }
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = typeof e.message === 'string' ? e.message.split('constraint failed:')[1] : undefined;
    return { columns: list ? list.split(',').map((c) => c.trim().split('.').pop() ?? '') : [] };
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== undefined;

/**
 * Locks the selected rows for the rest of the transaction. PostgreSQL needs `FOR UPDATE`;
 * SQLite has one writer at a time, so its transaction is already exclusive (and it has no
 * such clause).
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: StoreHandle,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return storeKindOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * Like `forUpdate`, but rows another transaction holds are passed over rather than waited
 * for, so several servers claim work side by side without taking the same row.
 */
export function forUpdateSkipLocked<DB, TB extends keyof DB, O>(
  db: StoreHandle,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return storeKindOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * The start of the time bucket an epoch-ms column falls in (per minute: 60_000), as epoch ms.
 * Times are bigint columns on both engines; SQLite may hand back a REAL from arithmetic, so it
 * is cast to an integer before the division there. The width goes in as a literal so both
 * engines divide integers (a bound parameter may arrive as a float).
 */
export function timeBucket(db: StoreHandle, column: string, widthMs: number): RawBuilder<number> {
  if (!Number.isSafeInteger(widthMs) || widthMs <= 0) throw new Error(`bad bucket width: ${widthMs}`);
  const width = sql.lit(widthMs);
  return storeKindOf(db) === 'postgres'
    ? sql<number>`(${sql.ref(column)} / ${width}) * ${width}`
    : sql<number>`(cast(${sql.ref(column)} as integer) / ${width}) * ${width}`;
}
