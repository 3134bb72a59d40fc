import { GROUP_API, resourceLimitsAnswerSchema, type ResourceLimitsAnswer } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { resourceLimitsKey } from '../query-keys';
import { storeGroupResourceLimits } from '../stored-data';

/** GET /api/group/resource-limits?groupName= → the plan's limits and the group's usage; kept per group (spec §3). */
export async function getResourceLimits(groupName: string, signal?: AbortSignal): Promise<ResourceLimitsAnswer> {
  const answer = resourceLimitsAnswerSchema.parse(
    await api.get<unknown>(GROUP_API.resourceLimits, { query: { groupName }, signal }),
  );
  storeGroupResourceLimits(answer);
  return answer;
}

export const resourceLimitsQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: resourceLimitsKey(groupName),
    queryFn: ({ signal }) => getResourceLimits(groupName, signal),
  });

/** Limits and usage of a group; idle without one (an admin on "all"). */
export function useResourceLimits(groupName: string | undefined) {
  return useQuery({ ...resourceLimitsQueryOptions(groupName ?? ''), enabled: Boolean(groupName) });
}
