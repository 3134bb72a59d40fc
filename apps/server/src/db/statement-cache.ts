import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Distinct SQL texts kept prepared. The repositories write a few hundred shapes of query; `in`
 * lists of changing length add more, which the bound turns out again, least recently used first.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite file as Kysely's dialect sees it, preparing each SQL text once. Kysely's driver
 * calls `prepare` for every query it runs, and better-sqlite3 compiles the statement each time:
 * on a short query that is most of the cost. A statement is bound to its parameters afresh on
 * every run, so sharing it is safe; SQLite itself prepares it again if the schema changed. One
 * still being iterated (a streamed query left unfinished) cannot run a second time, so a fresh
 * one is made for that call instead of waiting.
 */
export function cachingStatements(file: SqliteFile, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept) {
        if (kept.busy) return file.prepare(sql);
        // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = file.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
