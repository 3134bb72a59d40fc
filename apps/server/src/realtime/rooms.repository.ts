import type { Kysely } from 'kysely';
import { rolePermissionsSchema, type RolePermissions } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';

type Db = Kysely<Database>;

/** A group as the socket knows it: the id its rooms are keyed by, and its name now. */
export interface GroupRef {
  id: string;
  name: string;
}

/** Gives an id to a group row that has none (written before ids, or straight into the store by a test). */
async function withId(db: Db, row: { id: string | null; name: string }): Promise<GroupRef> {
  if (row.id) return { id: row.id, name: row.name };
  await db.updateTable('groups').set({ id: newId() }).where('name', '=', row.name).where('id', 'is', null).execute();
  const again = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('name', '=', row.name)
    .executeTakeFirstOrThrow();
  return { id: again.id ?? '', name: again.name };
}

export async function findGroupRef(db: Db, name: string): Promise<GroupRef | undefined> {
  const row = await db.selectFrom('groups').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
  return row && withId(db, row);
}

/**
 * The group a task belongs to now, read with the task in one statement: a rename rewrites the
 * task's group name, a delete removes the task, so an event never goes by a stale name.
 */
export async function findGroupOfTask(db: Db, taskNo: string): Promise<GroupRef | undefined> {
  const row = await db
    .selectFrom('deploy_tasks')
    .innerJoin('groups', 'groups.name', 'deploy_tasks.group_name')
    .select(['groups.id', 'groups.name'])
    .where('deploy_tasks.task_no', '=', taskNo)
    .executeTakeFirst();
  return row && withId(db, row);
}

/** The group an origin policy belongs to now (see findGroupOfTask). */
export async function findGroupOfPolicy(db: Db, policyId: string): Promise<GroupRef | undefined> {
  const row = await db
    .selectFrom('origin_policies')
    .innerJoin('groups', 'groups.name', 'origin_policies.group_name')
    .select(['groups.id', 'groups.name'])
    .where('origin_policies.id', '=', policyId)
    .executeTakeFirst();
  return row && withId(db, row);
}

export interface MembershipRef {
  group: GroupRef;
  role: RolePermissions;
}

/** Every group a user belongs to, with its id and the user's role there. */
export async function listMembershipRefs(db: Db, userId: string): Promise<MembershipRef[]> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.name', 'group_members.group_name')
    .select(['groups.id', 'groups.name', 'group_members.role_permissions'])
    .where('group_members.user_id', '=', userId)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      group: await withId(db, row),
      role: rolePermissionsSchema.parse(JSON.parse(row.role_permissions)),
    })),
  );
}

/** A user's id by username (any letter case), and their role in one group, if they are a member. */
export async function findMemberRef(
  db: Db,
  groupName: string,
  username: string,
): Promise<{ userId: string; role: RolePermissions | null } | undefined> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!user) return undefined;
  const member = await db
    .selectFrom('group_members')
    .select('role_permissions')
    .where('group_name', '=', groupName)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return { userId: user.id, role: member ? rolePermissionsSchema.parse(JSON.parse(member.role_permissions)) : null };
}
