/**
 * True when the store refused a write because a unique key already holds the value: the
 * loser of a race two checks could not see (PostgreSQL 23505; SQLite's constraint codes).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
