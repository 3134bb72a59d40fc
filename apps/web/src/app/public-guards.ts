import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { api } from '@/lib/api-client';
import { PATHS, RETURN_TO_PARAM, safeReturnPath } from '@/lib/paths';
import { currentUserQueryOptions, endSession } from '@/lib/session';

// The guards of the public routes. They are in the entry; the signed-in area's (guards.ts, with
// the group lookups) load with its first navigation.

/**
 * Login while signed in goes home (spec §2 Guards), or to the page it was to return to;
 * signed out, the page shows, and what an earlier user left on this device is forgotten
 * (spec §4: a failed user check clears user data), so the next one to sign in starts clean.
 */
export function redirectIfSignedIn(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    try {
      await queryClient.ensureQueryData(currentUserQueryOptions(false));
    } catch {
      endSession(queryClient);
      return null;
    }
    throw redirect(safeReturnPath(new URL(request.url).searchParams.get(RETURN_TO_PARAM)) ?? PATHS.home);
  };
}

/** Ends the session on the server (best effort) and on this device, then shows login. */
export function logout(queryClient: QueryClient): LoaderFunction {
  return async () => {
    await api.get('/user/logout', { redirectOnUnauthorized: false }).catch(() => undefined);
    endSession(queryClient);
    return redirect(PATHS.login);
  };
}
