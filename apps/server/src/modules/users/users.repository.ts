import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Kysely<Database>, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function listMemberships(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('group_members')
    .select(['group_name', 'role_permissions'])
    .where('user_id', '=', userId)
    .orderBy('group_name')
    .execute();
}

/** Usernames and emails are unique regardless of letter case. */
export async function findUserByUsernameInsensitive(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function updateUser(db: Kysely<Database>, id: string, patch: Updateable<UsersTable>): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...patch, updated_at: Date.now(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Records the time step of an accepted one-time password, only if it is newer than the last
 * one: of two requests racing with the same code, exactly one wins.
 */
export async function claimOtpStep(db: Kysely<Database>, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ otp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
