import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '@/lib/paths';
import { currentUserQueryOptions } from '@/lib/session';

/** Screens that show signed out; the sign-in page asks for the user in its own guard. */
const PUBLIC_PATHS = [PATHS.login, PATHS.logout, PATHS.signup, PATHS.resetOtp, PATHS.resetPassword];

/**
 * Before the router starts: on a signed-in screen, asks for the user (and loads zod, which checks
 * the answer) at once, beside the screen's code. The guards would ask only once their own chunks
 * are in, one round trip later; they find the answer here (the same query). See docs/web-bench.md.
 */
export function prefetchForPath(queryClient: QueryClient, pathname: string): void {
  if (PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return;
  void import('@/lib/contracts').catch(() => undefined);
  void queryClient.prefetchQuery(currentUserQueryOptions(false));
}
