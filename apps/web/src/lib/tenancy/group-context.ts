import { allowedGroups, type CurrentUser, type PlatformPrefs } from '@parapet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentUserQueryOptions, useCurrentUser } from '../session';
import { readSelectedGroup, readStored, storeSelectedGroup } from '../stored-data';
import { GROUP_QUERY_PARAM, resolveSelectedGroup } from './group-selection';
import { groupsQueryOptions, useGroups } from './groups';
import { DEFAULT_PREFS, platformPrefsQueryOptions } from './platform-prefs';

export interface GroupContext {
  user: CurrentUser;
  prefs: PlatformPrefs;
  /** The groups the user may choose, in the selector's order (admins: "all" first). */
  allowed: string[];
  selected: string | undefined;
}

/**
 * For the guards: who is signed in, what they may choose, and which group the URL and the
 * stored selection resolve to. The resolved group is stored, so it stays when a later URL
 * asks for a group the user may not choose. Throws only when the user check fails; the
 * group list and prefs fall back (stored names, defaults) so a slow server never locks out.
 */
export async function loadGroupContext(queryClient: QueryClient, url: URL): Promise<GroupContext> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions(false));
  const [names, prefs] = await Promise.all([
    user.privilege === 'admin'
      ? queryClient
          .fetchQuery(groupsQueryOptions())
          .then((groups) => groups.map((g) => g.name))
          .catch(() => readStored('allGroupNames') ?? [])
      : Promise.resolve([]),
    queryClient.fetchQuery(platformPrefsQueryOptions()).catch(() => DEFAULT_PREFS),
  ]);
  const allowed = allowedGroups(user, names);
  const selected = resolveSelectedGroup(url.searchParams.get(GROUP_QUERY_PARAM), readSelectedGroup(), allowed);
  if (selected) storeSelectedGroup(selected);
  return { user, prefs, allowed, selected };
}

/**
 * The same resolution for components, from the cached user and groups and the current URL.
 * The guards ran first (and stored their choice), so both agree; it also follows the group
 * list as it changes (a renamed or deleted group falls back at once).
 */
export function useGroupContext(): { user: CurrentUser | undefined; allowed: string[]; selected: string | undefined } {
  const { data: user } = useCurrentUser();
  const { data: groups } = useGroups(user?.privilege === 'admin');
  const [params] = useSearchParams();
  const requested = params.get(GROUP_QUERY_PARAM);
  const allowed = useMemo(
    () => (user ? allowedGroups(user, groups?.map((g) => g.name) ?? readStored('allGroupNames') ?? []) : []),
    [user, groups],
  );
  return { user, allowed, selected: resolveSelectedGroup(requested, readSelectedGroup(), allowed) };
}

/** The group the console works in ("all" for an admin looking at every group). */
export function useSelectedGroup(): string | undefined {
  return useGroupContext().selected;
}
