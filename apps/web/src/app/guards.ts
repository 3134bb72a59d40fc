import { ALL_GROUPS, GROUP_QUERY_PARAM } from '@parapet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { loginPath } from '@/lib/paths';
import { endSession } from '@/lib/session';
import { loadGroupContext, type GroupContext } from '@/lib/tenancy/group-context';
import { withGroup } from '@/lib/tenancy/group-selection';
import { landingPath } from '@/lib/tenancy/platform-prefs';
import { isUnder, pageAccess, permissionOf, type GuardedPath } from './page-access';

// Guards are loaders (ARCHITECTURE §3): they run before any page code or data loads, so a
// signed-out visitor never sees a flash of the console. They take the QueryClient so the
// user fetched here is the same cached answer the layout reads. The loaders of a navigation
// run side by side; each resolves the group itself (the same inputs give the same answer).

/**
 * The group context of a request; a failed user check ends at login (spec §4), which returns
 * to the page asked for (its query, so its group, included) once signed in.
 */
async function contextOrLogin(queryClient: QueryClient, request: Request): Promise<GroupContext> {
  const url = new URL(request.url);
  try {
    return await loadGroupContext(queryClient, url);
  } catch {
    endSession(queryClient);
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
}

/** Authenticated area: the user, and the selected group resolved from the URL (spec §2). */
export function requireUser(queryClient: QueryClient): LoaderFunction {
  return ({ request }) => contextOrLogin(queryClient, request);
}

/** What a guarded page's loader returns when it shows "no permission" instead of redirecting. */
export interface NoPermission {
  noPermission: true;
}
export const isNoPermission = (data: unknown): data is NoPermission =>
  typeof data === 'object' && data !== null && 'noPermission' in data;

/**
 * A page of `path` needs read for its permission in the selected group; without it, the
 * landing page (the selection kept in its query). On the landing page itself: "no permission".
 * Every such page shows one group's items, so an admin's "all" goes to the landing page too
 * (spec §6), which is the one page that sums up every group.
 */
export function requirePermission(queryClient: QueryClient, path: GuardedPath): LoaderFunction {
  const permission = permissionOf(path);
  return async ({ request }): Promise<NoPermission | null> => {
    const { user, prefs, selected } = await contextOrLogin(queryClient, request);
    const landing = landingPath(prefs);
    const onLanding = isUnder(new URL(request.url).pathname, landing);
    if (selected === ALL_GROUPS && !onLanding) throw redirect(withGroup(landing, selected));
    const access = pageAccess(user, selected, permission, onLanding);
    if (access === 'redirect') throw redirect(withGroup(landing, selected));
    return access === 'no-permission' ? { noPermission: true } : null;
  };
}

/**
 * A service line's URL names its group in the path. Opened without `?groupName=` (a bookmark,
 * an address typed), that group becomes the requested one, so the permission checked is that of
 * the group whose line the page shows, and the header names it. The session is checked first:
 * a signed-out visitor goes to login remembering the address as it was asked for.
 */
export function requirePermissionOfPathGroup(queryClient: QueryClient, path: GuardedPath): LoaderFunction {
  const check = requirePermission(queryClient, path);
  return async (args) => {
    const url = new URL(args.request.url);
    const { groupName } = args.params;
    if (!groupName || url.searchParams.has(GROUP_QUERY_PARAM)) return check(args);
    await contextOrLogin(queryClient, args.request);
    url.searchParams.set(GROUP_QUERY_PARAM, groupName);
    throw redirect(`${url.pathname}${url.search}`);
  };
}

/** Users & Groups screens: admins only; anyone else goes to the landing page. */
export function requireAdmin(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const { user, prefs, selected } = await contextOrLogin(queryClient, request);
    if (user.privilege !== 'admin') throw redirect(withGroup(landingPath(prefs), selected));
    return null;
  };
}
