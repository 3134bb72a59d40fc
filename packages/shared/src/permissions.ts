import type { DeployEntity } from './schemas/deploy.js';
import type { ServiceLineSettings } from './schemas/service-lines.js';
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

/**
 * The area of each deployed kind (the `entity` of its tasks and audit entries): reading its
 * tasks, its socket events and its change log needs that area's read.
 */
export const ENTITY_PERMISSION: Readonly<Record<DeployEntity, Permission>> = {
  cert: 'certificates',
  'html-page': 'htmlPages',
  'origin-policy': 'originPolicy',
  'service-line': 'serviceLines',
  'waf-rule': 'firewallRules',
};

/** The areas whose changes reach the socket: a member's sockets hear a group's events of these only. */
export const REALTIME_PERMISSIONS: readonly Permission[] = [...new Set(Object.values(ENTITY_PERMISSION))];

export type ServiceLineChild = (typeof PERMISSIONS.serviceLines)[number];

/**
 * Which child of `serviceLines` governs each setting of a line: changing the setting needs that
 * child's write. Every setting is listed (the type fails when one is added without a child), so
 * the server checks saves by it and the console can disable what the user may not change.
 */
export const LINE_FIELD_CHILD = {
  description: 'overview',
  tags: 'overview',
  customerPackage: 'overview',
  maxServerNameInAppProfileCount: 'overview',
  isDuplicatesServiceLine: 'overview',
  servername: 'domains',
  scheme: 'ssl',
  httpPort: 'ssl',
  httpsPort: 'ssl',
  useSystemCert: 'ssl',
  keypairname: 'ssl',
  isEnforceProtect: 'ssl',
  redirecthttps: 'ssl',
  redirectHttpCode: 'ssl',
  useHsts: 'ssl',
  useOriginPolicy: 'origin',
  origins: 'origin',
  usedOriginPolicies: 'origin',
  originscheme: 'origin',
  portMappingType: 'origin',
  originPort: 'origin',
  usedWafRules: 'firewallRules',
  errorHtmlPageName: 'htmlPages',
  upstreamTimeout: 'advanced',
  isEnabledCompressionToOrigin: 'advanced',
  isEnabledUpstreamHttp11: 'advanced',
  isInsertRidHeaderToOrigin: 'advanced',
  setCustomHostHeader: 'advanced',
  customHostHeader: 'advanced',
  isAcceptHttpV1: 'advanced',
  websocketPath: 'advanced',
  proxyBufferSize: 'advanced',
  isUpgradeInsecureRequest: 'advanced',
  maxUploadSize: 'advanced',
  proxyCacheIgnoreArgs: 'cacheRules',
  cusFollowCachePath: 'cacheRules',
  cusFollowCacheFile: 'cacheRules',
  cusCachepath: 'cacheRules',
  cusCachefile: 'cacheRules',
  forceCusCachePath: 'cacheRules',
  forceCusCacheFile: 'cacheRules',
  cusNoncachepath: 'cacheRules',
  cusNoncachefile: 'cacheRules',
  cusCachepathExp: 'cacheRules',
  cusCachepathSrvexp: 'cacheRules',
  cusCachepathHottime: 'cacheRules',
  cusCachefileExp: 'cacheRules',
  cusCachefileSrvexp: 'cacheRules',
  cusCachefileHottime: 'cacheRules',
  defCachefileExp: 'cacheRules',
  defCachefileSrvexp: 'cacheRules',
  defCachefileHottime: 'cacheRules',
} as const satisfies Record<keyof ServiceLineSettings, ServiceLineChild>;

/** The settings a child governs, e.g. for the console to disable them without its write. */
export function lineFieldsOf(child: ServiceLineChild): (keyof ServiceLineSettings)[] {
  return (Object.keys(LINE_FIELD_CHILD) as (keyof ServiceLineSettings)[]).filter(
    (field) => LINE_FIELD_CHILD[field] === child,
  );
}

/** Equal as JSON values: key order of objects does not matter, order within arrays does. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return false;
}

/** The children whose settings differ between a stored line and the one being saved. */
export function changedLineChildren(stored: ServiceLineSettings, saved: ServiceLineSettings): ServiceLineChild[] {
  const fields = Object.keys(LINE_FIELD_CHILD) as (keyof ServiceLineSettings)[];
  return [
    ...new Set(
      fields.filter((field) => !sameValue(stored[field], saved[field])).map((field) => LINE_FIELD_CHILD[field]),
    ),
  ];
}
