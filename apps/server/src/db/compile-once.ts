import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { readKeptOf, readNowOf } from './sqlite-dialect.js';

/** Stands for the value in the query as built; no value a caller passes can look like it. */
const SLOT = `\u0000slot:${randomUUID()}`;

/**
 * A query of one value that Kysely builds and compiles once per store, then runs with the value
 * put in its place. Building and compiling a joined select cost Kysely more than SQLite takes to
 * run it by primary key; the session query runs on every request. The SQL is the same text each
 * time, so SQLite's statement cache (statement-cache.ts) holds it prepared too, and on SQLite it
 * runs straight on the connection when that is free (sqlite-dialect.ts), and then its rows come
 * back at once rather than as a promise: a caller on every request's path (the session) goes on
 * without waiting a turn. Awaiting the result works either way. With `kept`, the rows are
 * answered from memory while the file is unchanged (kept-reads.ts), frozen and shared.
 */
export function compileOnce<DB, Row>(
  build: (db: Kysely<DB>, value: string) => Compilable<Row>,
  options: { kept?: boolean } = {},
) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  const reader = options.kept ? readKeptOf : readNowOf;
  return (db: Kysely<DB>, value: string): readonly Row[] | Promise<readonly Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, SLOT).compile();
      if (query.parameters.filter((p) => p === SLOT).length !== 1)
        throw new Error('compileOnce: the value must be used exactly once, as a parameter');
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p === SLOT ? value : p));
    const rows = reader(db)?.(query.sql, parameters);
    if (rows) return rows as readonly Row[];
    return db.executeQuery(CompiledQuery.raw(query.sql, parameters)).then((result) => result.rows as Row[]);
  };
}
