import type { Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';

export async function insertSession(db: Kysely<Database>, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSession(db: Kysely<Database>, id: string): Promise<SessionsTable | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

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
