import type { CurrentUser, RolePermissions } from './schemas/user.js';

/**
 * The named permissions of the console, one per area, with a child per settings tab of a
 * service line. The client's route guards and the server's checks both ask `can`; the
 * server's answer is the one that counts.
 */
export const PERMISSIONS = {
  dashboard: [],
  serviceLines: ['overview', 'origin', 'ssl', 'firewallRules', 'cacheRules', 'advanced', 'htmlPages', 'domains'],
  originPolicy: [],
  certificates: [],
  firewallRules: [],
  htmlPages: [],
  eventLogs: [],
} as const satisfies Record<string, readonly string[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];
export type AccessKind = 'read' | 'write';

/** The group choice that means "every group"; only admins have it, and no group may bear the name. */
export const ALL_GROUPS = 'all';

export interface AccessRequest {
  permission: Permission;
  /** A named child of the permission (a service-line tab). */
  child?: string;
  access: AccessKind;
}

type Subject = Pick<CurrentUser, 'privilege' | 'inGroupsRole'>;

/** The flags that decide: a present child's own, else the parent's. Write implies read. */
function flags(perms: RolePermissions | undefined, request: AccessRequest): { read: boolean; write: boolean } {
  const parent = perms?.[request.permission];
  const own = request.child !== undefined ? (parent?.children?.[request.child] ?? parent) : parent;
  const write = own?.write === true;
  return { read: own?.read === true || write, write };
}

/**
 * Whether a user may read or write something of a permission in a group. Admins may do
 * anything anywhere; a normal user only in a group they belong to, never in "all".
 */
export function can(user: Subject, groupName: string | undefined, request: AccessRequest): boolean {
  if (user.privilege === 'admin') return true;
  if (!groupName || groupName === ALL_GROUPS) return false;
  const membership = user.inGroupsRole.find((g) => g.groupName === groupName);
  if (!membership) return false;
  return flags(membership.rolePermissions, request)[request.access];
}

/** The groups a user may choose from, in order; admins get every group and "all" first. */
export function allowedGroups(user: Subject, allGroupNames: readonly string[]): string[] {
  if (user.privilege === 'admin') return [ALL_GROUPS, ...allGroupNames];
  return user.inGroupsRole.map((g) => g.groupName);
}

/** A role with every permission read and written: what a group's first members get. */
export function fullAccess(): RolePermissions {
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, { read: true, write: true }]));
}

/** A role that only reads. */
export function readOnlyAccess(): RolePermissions {
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, { read: true, write: false }]));
}
