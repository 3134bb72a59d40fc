import { SERVICE_LINE_API, serviceLineSchema, type ServiceLine } from '@parapet/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api, pathOf } from '@/lib/api-client';
import { resourceLimitsQueryOptions } from '@/lib/tenancy/resource-limits';

/**
 * The service-line list keys start with the same root, so a change made here refreshes the
 * list too (and a change there refreshes this screen).
 */
export const serviceLinesRootKey = ['service-lines'] as const;

/** GET /api/groups/:groupName/service-lines/:appProfileName → the whole line, every setting with its default. */
export async function getServiceLine(groupName: string, appProfileName: string, signal?: AbortSignal): Promise<ServiceLine> {
  return serviceLineSchema.parse(await api.get<unknown>(pathOf(SERVICE_LINE_API.lineByName, { groupName, appProfileName }), { signal }));
}

export const serviceLineQueryOptions = (groupName: string, appProfileName: string) =>
  queryOptions({ queryKey: [...serviceLinesRootKey, 'by-name', groupName, appProfileName], queryFn: ({ signal }) => getServiceLine(groupName, appProfileName, signal) });

/** The line the URL names; idle until both its name and group are known. */
export function useServiceLine(groupName: string | undefined, appProfileName: string | undefined) {
  return useQuery({ ...serviceLineQueryOptions(groupName ?? '', appProfileName ?? ''), enabled: Boolean(groupName && appProfileName) });
}

/** Every group's limits and usage (a domain added or removed changes the usage). */
const [resourceLimitsRoot] = resourceLimitsQueryOptions('').queryKey;

/** What a change to a line makes stale: the line, its domains, the lists, the logs and the usage. */
export function onServiceLineChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([serviceLinesRootKey, [AUDIT_QUERY_ROOT], [resourceLimitsRoot]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type { ServiceLine };
