import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { endSession } from '@/lib/session';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: { pathname: string } };
}

/**
 * What a 401 from any call means (spec §4, §8): the session is gone, so forget the user's data
 * on this device and show login. Lives in app/ because only the app knows its router.
 */
export function wireUnauthorizedHandler(queryClient: QueryClient, router: Navigator): void {
  setUnauthorizedHandler(() => {
    endSession(queryClient);
    if (router.state.location.pathname !== PATHS.login) void router.navigate(PATHS.login, { replace: true });
  });
}
