import { USER_API } from '@parapet/shared';
import { useSyncExternalStore } from 'react';
import { apiUrl } from './api-client';

// The picture's address never changes, so browsers may keep showing an old one from their
// cache; a version in the query makes every upload or removal a new address. It starts at the
// time of loading so a new visit never reuses an old cached picture either.
let version = Date.now();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the picture changed on the server: every avatar on screen loads it again. */
export function bumpAvatarVersion(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * A page the server rendered shows the initials until the browser takes it over (the server's
 * version would not be this browser's): the same on both sides, then the picture.
 */
const NOT_YET = 0;

/** `/api/user/avatar?v=<version>`, or undefined when the user has no picture (or not yet). */
export function useAvatarUrl(hasAvatar: boolean | undefined): string | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => NOT_YET,
  );
  return hasAvatar && current !== NOT_YET ? apiUrl(USER_API.avatar, { v: current }) : undefined;
}
