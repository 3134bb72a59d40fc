import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * `column` contains `search`, ignoring case, with the search's own % and _ taken literally.
 * The ESCAPE clause is spelled out because SQLite's LIKE has no escape character by default.
 */
export function containsIgnoringCase(column: string, search: string | undefined): Expression<SqlBool> {
  const pattern = `%${(search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
