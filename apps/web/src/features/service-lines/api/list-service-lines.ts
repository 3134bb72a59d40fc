import { SERVICE_LINE_API, serviceLineListSchema, type ServiceLine } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { resourceLimitsQueryOptions } from '@/lib/tenancy/resource-limits';

/** The list has no filters beyond the search (it matches a line's name or any of its domains). */
export type ServiceLineQuery = ItemPageQuery<Record<string, never>>;

/**
 * Every service-line query key starts here (lists, a line by name, the form's checks), so one
 * invalidation covers them; the socket's `task.updated` refetch covers them too.
 */
export const serviceLinesRootKey = ['service-lines'] as const;

/** GET /api/service-lines?groupName=&search=&page=&pageSize= → one page of the group's lines and the total. */
export async function listServiceLines(query: ServiceLineQuery, signal?: AbortSignal) {
  return serviceLineListSchema.parse(await api.get<unknown>(SERVICE_LINE_API.lines, { query: itemPageParams(query), signal }));
}

export const serviceLinesQueryOptions = (query: ServiceLineQuery) =>
  queryOptions({ queryKey: [...serviceLinesRootKey, 'list', query], queryFn: ({ signal }) => listServiceLines(query, signal) });

/** The page stays on screen while the next one loads. */
export function useServiceLines(query: ServiceLineQuery | undefined) {
  return useQuery({ ...serviceLinesQueryOptions(query ?? NO_ITEM_PAGE), enabled: query !== undefined, placeholderData: keepPreviousData });
}

/** What a line change makes stale: the lines, the open logs and the group's usage. */
export function onServiceLinesChanged(queryClient: QueryClient, groupName: string): Promise<unknown> {
  const keys = [serviceLinesRootKey, [AUDIT_QUERY_ROOT], resourceLimitsQueryOptions(groupName).queryKey];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type { ServiceLine };
