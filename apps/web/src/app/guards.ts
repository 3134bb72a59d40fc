import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { api } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { currentUserQueryKey, currentUserQueryOptions, endSession } from '@/lib/session';

// Guards are loaders (ARCHITECTURE §3): they run before any page code or data loads, so a
// signed-out visitor never sees a flash of the console. They take the QueryClient so the
// user fetched here is the same cached answer the layout reads.

/** Authenticated area: fetch (or reuse) the current user; any failure ends at login (spec §4). */
export function requireUser(queryClient: QueryClient): LoaderFunction {
  return async () => {
    try {
      return await queryClient.ensureQueryData(currentUserQueryOptions(false));
    } catch {
      endSession(queryClient);
      throw redirect(PATHS.login);
    }
  };
}

/** Login while signed in goes home (spec §2 Guards); signed out, the page simply shows. */
export function redirectIfSignedIn(queryClient: QueryClient): LoaderFunction {
  return async () => {
    try {
      await queryClient.ensureQueryData(currentUserQueryOptions(false));
    } catch {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      return null;
    }
    throw redirect(PATHS.home);
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
