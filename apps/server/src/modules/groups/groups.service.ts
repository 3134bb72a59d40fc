import type { Kysely } from 'kysely';
import { DEFAULT_PLAN, rolePermissionsSchema, type Group, type RolePermissions } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { rethrowTaken } from '../../core/taken.js';
import { AppError } from '../../lib/app-error.js';
import { appendAudit } from '../audit/audit.repository.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { findUserByUsernameInsensitive } from '../users/users.repository.js';
import {
  deleteGroup,
  deleteMember,
  detachGroupAudit,
  findGroup,
  findMembership,
  insertGroup,
  listMembers,
  renameGroup,
  updateGroupPlan,
  upsertMember,
} from './groups.repository.js';

const snapshot = (g: Group) => ({ name: g.name, plan: g.plan });
const nameTaken = () => new AppError('ALREADY_EXISTS', { name: 'taken' });
/** Two admins creating, or renaming to, one name at once: the loser hears it is taken. */
const raced = (error: unknown): never => rethrowTaken(error, { name: nameTaken });

async function mustFindGroup(db: Kysely<Database>, name: string): Promise<Group> {
  const group = await findGroup(db, name);
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

export async function createGroup(
  db: Kysely<Database>,
  actor: string,
  input: { name: string; plan?: string | undefined },
): Promise<Group> {
  if (await findGroup(db, input.name)) throw nameTaken();
  await db
    .transaction()
    .execute(async (trx) => {
      await insertGroup(trx, input.name, input.plan ?? DEFAULT_PLAN);
      await appendAudit(trx, {
        actor,
        groupName: input.name,
        entity: 'group',
        entityId: input.name,
        action: 'create',
        before: null,
        after: { name: input.name, plan: input.plan ?? DEFAULT_PLAN },
      });
    })
    .catch(raced);
  return mustFindGroup(db, input.name);
}

/** Renames and/or changes the plan, refusing a stale version (no lost updates). */
export async function updateGroup(
  db: Kysely<Database>,
  actor: string,
  name: string,
  input: { name?: string | undefined; plan?: string | undefined; version: number },
): Promise<Group> {
  const before = await mustFindGroup(db, name);
  if (before.version !== input.version) throw new AppError('VERSION_CONFLICT');
  const to = input.name ?? name;
  if (to !== name && (await findGroup(db, to))) throw nameTaken();
  const plan = input.plan ?? before.plan;
  await db
    .transaction()
    .execute(async (trx) => {
      if (to !== name) await renameGroup(trx, name, to, plan, input.version);
      else if (!(await updateGroupPlan(trx, name, plan, input.version))) throw new AppError('VERSION_CONFLICT');
      await appendAudit(trx, {
        actor,
        groupName: to,
        entity: 'group',
        entityId: to,
        action: 'update',
        before: snapshot(before),
        after: { name: to, plan },
      });
    })
    .catch(raced);
  return mustFindGroup(db, to);
}

export async function removeGroup(db: Kysely<Database>, actor: string, name: string): Promise<void> {
  const before = await mustFindGroup(db, name);
  await db.transaction().execute(async (trx) => {
    // The group's own log rows keep its name but lose the link, so its history outlives it.
    await detachGroupAudit(trx, name);
    await deleteGroup(trx, name);
    await appendAudit(trx, {
      actor,
      groupName: null,
      entity: 'group',
      entityId: name,
      action: 'delete',
      before: snapshot(before),
      after: null,
    });
  });
}

export async function membersOf(db: Kysely<Database>, groupName: string) {
  await mustFindGroup(db, groupName);
  const rows = await listMembers(db, groupName);
  return rows.map((r) => ({
    username: r.username,
    email: r.email,
    disabled: r.disabled === 1,
    rolePermissions: rolePermissionsSchema.parse(JSON.parse(r.role_permissions)),
  }));
}

/** Adds a user to a group, or changes their role there. */
export async function putMember(
  db: Kysely<Database>,
  actor: string,
  groupName: string,
  username: string,
  role: RolePermissions,
) {
  await mustFindGroup(db, groupName);
  const user = await findUserByUsernameInsensitive(db, username);
  if (!user) throw new AppError('NOT_FOUND', { username: 'invalid' });
  const existing = await findMembership(db, groupName, user.id);
  await db.transaction().execute(async (trx) => {
    await upsertMember(trx, groupName, user.id, role);
    await appendAudit(trx, {
      actor,
      groupName,
      entity: 'member',
      entityId: `${groupName}/${user.username}`,
      action: existing ? 'update' : 'create',
      before: existing ? { rolePermissions: JSON.parse(existing.role_permissions) as object } : null,
      after: { rolePermissions: role },
    });
  });
  return { username: user.username, email: user.email, disabled: user.disabled === 1, rolePermissions: role };
}

/** Removes a member; their sessions end so no open console keeps the group. */
export async function removeMember(
  db: Kysely<Database>,
  actor: string,
  groupName: string,
  username: string,
  endSession: (id: string) => void,
): Promise<void> {
  const user = await findUserByUsernameInsensitive(db, username);
  const membership = user && (await findMembership(db, groupName, user.id));
  if (!user || !membership) throw new AppError('NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    await deleteMember(trx, groupName, user.id);
    await appendAudit(trx, {
      actor,
      groupName,
      entity: 'member',
      entityId: `${groupName}/${user.username}`,
      action: 'delete',
      before: { rolePermissions: JSON.parse(membership.role_permissions) as object },
      after: null,
    });
  });
  for (const id of await deleteUserSessions(db, user.id)) endSession(id);
}
