import { GROUP_API, platformPrefsSchema, type PlatformPrefs } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { PATHS } from '../paths';
import { writeStored } from '../stored-data';

/** What the console does while the server has not said (GLOSSARY §10 normalUserConfig). */
export const DEFAULT_PREFS: PlatformPrefs = { hasHomePage: true, landingPagePath: '', groupListWithAll: true };

export const platformPrefsQueryKey = ['platform', 'prefs'] as const;

/** GET /api/system/prefs, kept as platformPrefs (spec §3). */
export async function getPlatformPrefs(signal?: AbortSignal): Promise<PlatformPrefs> {
  const prefs = platformPrefsSchema.parse(await api.get<unknown>(GROUP_API.platformPrefs, { signal }));
  writeStored('platformPrefs', prefs);
  return prefs;
}

export const platformPrefsQueryOptions = () =>
  queryOptions({
    queryKey: platformPrefsQueryKey,
    queryFn: ({ signal }) => getPlatformPrefs(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The prefs, or the defaults while they load or when the server cannot give them. */
export function usePlatformPrefs(): PlatformPrefs {
  return useQuery(platformPrefsQueryOptions()).data ?? DEFAULT_PREFS;
}

/**
 * Where a page the user may not see sends them (spec §6): /home when the home page is on,
 * else the configured path. A path that is not one of ours (empty, or not starting with /)
 * falls back to the profile, which needs no permission, so the landing page always exists.
 */
export function landingPath(prefs: PlatformPrefs): string {
  if (prefs.hasHomePage) return PATHS.home;
  return prefs.landingPagePath.startsWith('/') ? prefs.landingPagePath : PATHS.userProfile;
}
