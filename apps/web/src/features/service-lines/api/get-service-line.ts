import { SERVICE_LINE_API, serviceLineSchema, type ServiceLine } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { serviceLineKeys } from '@/lib/query-keys';

/** GET /api/groups/:groupName/service-lines/:appProfileName → the whole line (every setting with its default, its `cnameto`). */
export async function getServiceLine(
  groupName: string,
  appProfileName: string,
  signal?: AbortSignal,
): Promise<ServiceLine> {
  return serviceLineSchema.parse(
    await api.get<unknown>(pathOf(SERVICE_LINE_API.lineByName, { groupName, appProfileName }), { signal }),
  );
}

export const serviceLineQueryOptions = (groupName: string, appProfileName: string) =>
  queryOptions({
    queryKey: serviceLineKeys.line(groupName, appProfileName),
    queryFn: ({ signal }) => getServiceLine(groupName, appProfileName, signal),
  });

/** A line of the group by its name (the URL names it so); idle until both are known. */
export function useServiceLine(groupName: string | undefined, appProfileName: string | undefined) {
  return useQuery({
    ...serviceLineQueryOptions(groupName ?? '', appProfileName ?? ''),
    enabled: Boolean(groupName && appProfileName),
  });
}

export type { ServiceLine };
