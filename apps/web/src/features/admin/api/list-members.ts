import { GROUP_API, memberListSchema } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';

export const membersQueryKey = (groupName: string) => ['admin', 'members', groupName] as const;

/** GET /api/groups/:groupName/members → the group's members and their roles. */
export async function listMembers(groupName: string, signal?: AbortSignal) {
  return memberListSchema.parse(await api.get<unknown>(pathOf(GROUP_API.members, { groupName }), { signal })).items;
}

export const membersQueryOptions = (groupName: string) =>
  queryOptions({ queryKey: membersQueryKey(groupName), queryFn: ({ signal }) => listMembers(groupName, signal) });

export function useMembers(groupName: string) {
  return useQuery(membersQueryOptions(groupName));
}

/** One member as the list gives it (the shared contract names no type for it yet). */
export type Member = Awaited<ReturnType<typeof listMembers>>[number];
