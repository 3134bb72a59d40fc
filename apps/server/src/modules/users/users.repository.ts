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

/**
 * What GET /api/user shows of users, in one query: the user's columns, whether they have an
 * avatar, and one row per group they belong to, in group order (one row with a null group when
 * they belong to none). Narrowed by the caller: by user id, or joined to a session.
 */
export function currentUserRows(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('group_members', 'group_members.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.privilege',
      'users.phone_number',
      'users.otp_enabled',
      eb
        .exists(
          eb
            .selectFrom('user_avatars')
            .select('user_avatars.user_id')
            .whereRef('user_avatars.user_id', '=', 'users.id'),
        )
        .as('has_avatar'),
      'group_members.group_name',
      'group_members.role_permissions',
    ])
    .orderBy('group_members.group_name');
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
