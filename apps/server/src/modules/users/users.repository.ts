import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
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
