import { SERVICE_LINE_API, serviceLineSchema } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { serviceLinesRootKey } from './list-service-lines';

/** GET /api/groups/:groupName/service-lines/:appProfileName → the line (with its assigned `cnameto`). */
export async function getServiceLineByName(groupName: string, appProfileName: string, signal?: AbortSignal) {
  return serviceLineSchema.parse(await api.get<unknown>(pathOf(SERVICE_LINE_API.lineByName, { groupName, appProfileName }), { signal }));
}

export const serviceLineByNameQueryOptions = (groupName: string, appProfileName: string) =>
  queryOptions({ queryKey: [...serviceLinesRootKey, 'by-name', groupName, appProfileName], queryFn: ({ signal }) => getServiceLineByName(groupName, appProfileName, signal) });

/** A line of the group by its name; idle without one. */
export function useServiceLineByName(groupName: string | undefined, appProfileName: string | undefined) {
  return useQuery({ ...serviceLineByNameQueryOptions(groupName ?? '', appProfileName ?? ''), enabled: Boolean(groupName && appProfileName) });
}
