import { GROUP_API } from '@parapet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { startEarlyGet } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { currentUserQueryOptions } from '@/lib/session';

/** Screens that show signed out; the sign-in page asks for the user in its own guard. */
const PUBLIC_PATHS = [PATHS.login, PATHS.logout, PATHS.signup, PATHS.resetOtp, PATHS.resetPassword];

/**
 * Before the router starts: on a signed-in screen, asks for the user (and loads zod, which checks
 * the answer), the group list and the platform's prefs at once, beside the screen's code. The
 * guards would ask only once their own chunks are in, and for the groups and prefs only after the
 * user's answer; they find the answers here (the same query, or the early answer the api client
 * keeps for its first GET). See docs/web-bench.md.
 */
export function prefetchForPath(queryClient: QueryClient, pathname: string): void {
  if (PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return;
  void import('@/lib/contracts').catch(() => undefined);
  void queryClient.prefetchQuery(currentUserQueryOptions(false));
  // The guards ask for the groups for an admin only; for anyone else this answer goes unused.
  startEarlyGet(GROUP_API.groups);
  startEarlyGet(GROUP_API.platformPrefs);
}
