import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { loginPath, PATHS } from '@/lib/paths';
import { endSession } from '@/lib/session';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: { pathname: string; search: string } };
}

/**
 * What a 401 from any call means (spec §4, §8): the session is gone, so forget the user's data
 * on this device and show login. Lives in app/ because only the app knows its router.
 */
export function wireUnauthorizedHandler(queryClient: QueryClient, router: Navigator): void {
  setUnauthorizedHandler(() => {
    endSession(queryClient);
    const { pathname, search } = router.state.location;
    // Back to this page after signing in again.
    if (pathname !== PATHS.login) void router.navigate(loginPath(`${pathname}${search}`), { replace: true });
  });
}
