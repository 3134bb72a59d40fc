import { GROUP_API, groupListSchema, type Group } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { writeStored } from '../stored-data';

export const groupsQueryKey = ['groups'] as const;

/** GET /api/groups → every group (admins) or the caller's own; kept as allGroupNames (spec §3). */
export async function listGroups(signal?: AbortSignal): Promise<Group[]> {
  const { items } = groupListSchema.parse(await api.get<unknown>(GROUP_API.groups, { signal }));
  writeStored(
    'allGroupNames',
    items.map((g) => g.name),
  );
  return items;
}

// The shell needs it (the admins' group selector) as much as the admin screens, so it lives here.
export const groupsQueryOptions = () =>
  queryOptions({ queryKey: groupsQueryKey, queryFn: ({ signal }) => listGroups(signal), retry: false });

export function useGroups(enabled = true) {
  return useQuery({ ...groupsQueryOptions(), enabled });
}
