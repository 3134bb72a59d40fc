import { SERVICE_LINE_API, serviceLineListSchema, type ServiceLine } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { serviceLineInvalidations, serviceLineKeys } from '@/lib/query-keys';

/** The list has no filters beyond the search (it matches a line's name or any of its domains). */
export type ServiceLineQuery = ItemPageQuery<Record<string, never>>;

/** GET /api/service-lines?groupName=&search=&page=&pageSize= → one page of the group's lines and the total. */
export async function listServiceLines(query: ServiceLineQuery, signal?: AbortSignal) {
  return serviceLineListSchema.parse(
    await api.get<unknown>(SERVICE_LINE_API.lines, { query: itemPageParams(query), signal }),
  );
}

export const serviceLinesQueryOptions = (query: ServiceLineQuery) =>
  queryOptions({ queryKey: serviceLineKeys.list(query), queryFn: ({ signal }) => listServiceLines(query, signal) });

/** The page stays on screen while the next one loads. */
export function useServiceLines(query: ServiceLineQuery | undefined) {
  return useQuery({
    ...serviceLinesQueryOptions(query ?? NO_ITEM_PAGE),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * What a change to one line makes stale (lib/query-keys): that line and its domains, the
 * group's lists, name checks and usage, and the open logs. A new line has no id yet (`''`):
 * then no other line is touched.
 */
export function onServiceLineChanged(
  queryClient: QueryClient,
  line: Pick<ServiceLine, 'groupName'> & { id?: string },
): Promise<unknown> {
  const filters = [...serviceLineInvalidations(line.groupName, line.id ?? ''), { queryKey: [AUDIT_QUERY_ROOT] }];
  return Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}

export type { ServiceLine };
