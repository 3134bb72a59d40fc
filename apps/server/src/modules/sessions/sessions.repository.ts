import type { Kysely } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import type { Database, SessionsTable } from '../../db/schema.js';
import { currentUserRows } from '../users/users.repository.js';

export async function insertSession(db: Kysely<Database>, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/**
 * A session with its user as GET /api/user shows them (`currentUserRows`, one row per group),
 * read in one query; no rows when the session (or its user) is gone. It runs on every request,
 * so it is compiled once (db/compile-once.ts), and on SQLite its rows are kept until the file
 * changes in any way (db/kept-reads.ts).
 */
export const findSessionWithUser = compileOnce(
  (db: Kysely<Database>, id: string) =>
    currentUserRows(db)
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['sessions.expires_at', 'sessions.last_seen_at'])
      .where('sessions.id', '=', id),
  { kept: true },
);

export async function touchSession(db: Kysely<Database>, id: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user except, optionally, the one making the change; returns the ended ids. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string, keepId?: string): Promise<string[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number, idleMs: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .execute();
}
