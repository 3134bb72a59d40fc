import { GROUP_API, platformPlanSchema, type PlatformPlan } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { writeStored } from '../stored-data';

/** GET /api/system/platformplan?groupName= → every plan and the group's current one; kept as platformPlan (spec §3). */
export async function getPlatformPlan(groupName: string, signal?: AbortSignal): Promise<PlatformPlan> {
  const plan = platformPlanSchema.parse(
    await api.get<unknown>(GROUP_API.platformPlan, { query: { groupName }, signal }),
  );
  writeStored('platformPlan', plan);
  return plan;
}

export const platformPlanQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: ['platform', 'plan', groupName],
    queryFn: ({ signal }) => getPlatformPlan(groupName, signal),
  });

/** The plan of a group; idle without one (an admin on "all"). */
export function usePlatformPlan(groupName: string | undefined) {
  return useQuery({ ...platformPlanQueryOptions(groupName ?? ''), enabled: Boolean(groupName) });
}
