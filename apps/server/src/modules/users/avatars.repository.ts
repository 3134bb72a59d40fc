import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function findAvatar(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_avatars')
    .select(['mime', 'data', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveAvatar(db: Kysely<Database>, userId: string, mime: string, bytes: Buffer): Promise<void> {
  const row = { mime, data: bytes.toString('base64'), updated_at: Date.now() };
  await db
    .insertInto('user_avatars')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export async function deleteAvatar(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user_avatars').where('user_id', '=', userId).execute();
}
