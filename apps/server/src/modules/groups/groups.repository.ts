import type { Kysely, Transaction } from 'kysely';
import type { Group, RolePermissions } from '@parapet/shared';
import { DEFAULT_PLAN, planNameSchema } from '@parapet/shared';
import { forUpdate } from '../../db/dialect.js';
import { GROUP_SCOPED_TABLES, type Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listGroups(db: Db, only?: readonly string[]): Promise<Group[]> {
  if (only && only.length === 0) return [];
  let query = db
    .selectFrom('groups')
    .leftJoin('group_members', 'group_members.group_name', 'groups.name')
    .select((eb) => [
      'groups.name',
      'groups.plan',
      'groups.created_at',
      'groups.version',
      eb.fn.count<number | string>('group_members.user_id').as('members'),
    ])
    .groupBy(['groups.name', 'groups.plan', 'groups.created_at', 'groups.version'])
    .orderBy('groups.name');
  if (only) query = query.where('groups.name', 'in', only);
  const rows = await query.execute();
  return rows.map((r) => ({
    name: r.name,
    plan: planNameSchema.catch(DEFAULT_PLAN).parse(r.plan),
    memberCount: Number(r.members),
    createdAt: r.created_at,
    version: r.version,
  }));
}

export async function findGroup(db: Db, name: string): Promise<Group | undefined> {
  return (await listGroups(db, [name]))[0];
}

export async function insertGroup(db: Db, name: string, plan: string, now = Date.now()): Promise<void> {
  await db.insertInto('groups').values({ name, id: newId(), plan, created_at: now, updated_at: now }).execute();
}

/** Changes plan and bumps the version, only if the version is the one read; false when stale. */
export async function updateGroupPlan(db: Db, name: string, plan: string, version: number): Promise<boolean> {
  const res = await db
    .updateTable('groups')
    .set({ plan, updated_at: Date.now(), version: version + 1 })
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Renames a group inside the caller's transaction: the new row first, then every row that
 * names the group, then the old row, so foreign keys hold at every step on both engines.
 */
export async function renameGroup(
  trx: Transaction<Database>,
  from: string,
  to: string,
  plan: string,
  version: number,
): Promise<void> {
  const old = await trx.selectFrom('groups').selectAll().where('name', '=', from).executeTakeFirstOrThrow();
  // The id goes with the group (the socket's rooms are keyed by it); it is unique, so the old row lets go of it first.
  await trx.updateTable('groups').set({ id: null }).where('name', '=', from).execute();
  await trx
    .insertInto('groups')
    .values({
      name: to,
      id: old.id ?? newId(),
      plan,
      created_at: old.created_at,
      updated_at: Date.now(),
      version: version + 1,
    })
    .execute();
  for (const { table, column } of GROUP_SCOPED_TABLES) {
    await trx
      .updateTable(table)
      .set({ [column]: to })
      .where(column, '=', from)
      .execute();
  }
  await trx.deleteFrom('groups').where('name', '=', from).execute();
}

export async function deleteGroup(db: Db, name: string): Promise<void> {
  await db.deleteFrom('groups').where('name', '=', name).execute();
}

export async function listMembers(db: Db, groupName: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id', 'users.username', 'users.email', 'users.disabled', 'group_members.role_permissions'])
    .where('group_members.group_name', '=', groupName)
    .orderBy('users.username')
    .execute();
}

export async function findMembership(db: Db, groupName: string, userId: string) {
  return db
    .selectFrom('group_members')
    .selectAll()
    .where('group_name', '=', groupName)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertMember(db: Db, groupName: string, userId: string, role: RolePermissions): Promise<void> {
  const role_permissions = JSON.stringify(role);
  await db
    .insertInto('group_members')
    .values({ group_name: groupName, user_id: userId, role_permissions, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['group_name', 'user_id']).doUpdateSet({ role_permissions }))
    .execute();
}

export async function deleteMember(db: Db, groupName: string, userId: string): Promise<void> {
  await db.deleteFrom('group_members').where('group_name', '=', groupName).where('user_id', '=', userId).execute();
}

/** Locks a group's row for the rest of the transaction (PostgreSQL); SQLite runs one writer at a time. */
export async function lockGroup(trx: Transaction<Database>, name: string): Promise<{ plan: string } | undefined> {
  return forUpdate(trx, trx.selectFrom('groups').select('plan').where('name', '=', name)).executeTakeFirst();
}

export async function groupExists(db: Db, name: string): Promise<boolean> {
  return (await db.selectFrom('groups').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
}

/** Whether any group exists yet (a fresh install has none). */
export async function anyGroupExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('groups').select('name').limit(1).executeTakeFirst()) !== undefined;
}

/** The ids of every administrator: a fresh install's default group holds them. */
export async function adminUserIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('users').select('id').where('privilege', '=', 'admin').execute()).map((r) => r.id);
}

/** Takes a group out of its audit rows, so its history outlives it. */
export async function detachGroupAudit(db: Db, name: string): Promise<void> {
  await db.updateTable('audit_log').set({ group_name: null }).where('group_name', '=', name).execute();
}

/** Deletes every group the user is a member of (undoing a sign-up, whose group is the user's own). */
export async function deleteGroupsOfMember(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('groups')
    .where('name', 'in', db.selectFrom('group_members').select('group_name').where('user_id', '=', userId))
    .execute();
}
