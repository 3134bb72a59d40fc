import { can, type CurrentUser, type Permission } from '@parapet/shared';
import { PATHS } from '@/lib/paths';

/**
 * The permission each area's pages need (spec §6); the router's guards and the sidebar both
 * read it. Pages not listed (the profile tabs) need none.
 */
export const PAGE_PERMISSIONS = {
  [PATHS.home]: 'dashboard',
  [PATHS.serviceLines]: 'serviceLines',
  [PATHS.serviceLineCreate]: 'serviceLines',
  [PATHS.serviceOverview]: 'serviceLines',
  [PATHS.firewallRules]: 'firewallRules',
  [PATHS.htmlPages]: 'htmlPages',
  [PATHS.originPolicies]: 'originPolicy',
  [PATHS.certs]: 'certificates',
  [PATHS.eventLogs]: 'eventLogs',
} as const satisfies Record<string, Permission>;
export type GuardedPath = keyof typeof PAGE_PERMISSIONS;

export const permissionOf = (path: string): Permission | undefined =>
  (PAGE_PERMISSIONS as Record<string, Permission>)[path];

/** allowed: show the page; redirect: go to the landing page; no-permission: say so here. */
export type PageAccess = 'allowed' | 'redirect' | 'no-permission';

/**
 * Spec §2/§6: a page needing a permission shows only with read for it in the selected group
 * (the shared `can`: admins always may; nobody else in "all" or in a group they are not in).
 * The landing page itself never redirects, so a user who may not see it cannot loop.
 */
export function pageAccess(
  user: Pick<CurrentUser, 'privilege' | 'inGroupsRole'>,
  groupName: string | undefined,
  permission: Permission | undefined,
  onLandingPage: boolean,
): PageAccess {
  if (!permission || can(user, groupName, { permission, access: 'read' })) return 'allowed';
  return onLandingPage ? 'no-permission' : 'redirect';
}

/** Whether a pathname is the landing page or one of its tabs (/home/firewall is /home). */
export const isUnder = (pathname: string, base: string): boolean =>
  pathname === base || pathname.startsWith(`${base}/`);
