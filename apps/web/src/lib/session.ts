import type { CurrentUser } from '@parapet/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, dropEarlyGets } from './api-client';
import { USER_QUERY_ROOT_KEY } from './query-keys';
import { clearUserStorage } from './storage';

export const currentUserQueryKey = [USER_QUERY_ROOT_KEY, 'current'] as const;

/** Checks an answer against the shared contract; zod loads with the first user to check. */
async function parseUser(data: unknown): Promise<CurrentUser> {
  const { currentUserSchema } = await import('./contracts');
  return currentUserSchema.parse(data);
}

export async function getCurrentUser(
  signal: AbortSignal | undefined,
  redirectOnUnauthorized: boolean,
): Promise<CurrentUser> {
  const data = await api.get<unknown>('/user', { signal, redirectOnUnauthorized });
  // Parse with the shared contract so a server/console mismatch fails loudly here, not in a page.
  return parseUser(data);
}

/**
 * Route guards pass `redirectOnUnauthorized: false` because they redirect themselves; pages
 * keep the default so an expired session found by a background refetch still goes to login.
 */
export const currentUserQueryOptions = (redirectOnUnauthorized = true) =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal, redirectOnUnauthorized),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * Stores a CurrentUser answer (sign-in, profile and two-factor changes all return one) as the
 * cached user, so every screen shows the change without asking the server again.
 */
export async function setCurrentUser(queryClient: QueryClient, data: unknown): Promise<CurrentUser> {
  const user = await parseUser(data);
  queryClient.setQueryData(currentUserQueryKey, user);
  return user;
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

const sessionEndListeners = new Set<() => void>();

/**
 * Calls `listener` when the session ends on this device; returns the way to stop. The live
 * socket closes itself this way, so this module (in the entry) does not load socket.io.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => void sessionEndListeners.delete(listener);
}

/**
 * Forgets the user on this device (spec §4): every cached answer (they were all fetched with
 * this user's session), stored preferences, and the live socket.
 */
export function endSession(queryClient: QueryClient): void {
  for (const listener of [...sessionEndListeners]) listener();
  dropEarlyGets();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
  clearUserStorage();
}
