import { DASHBOARD_API, dashboardTopAnswerSchema, type DashboardTopRequest } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKey } from '@/lib/query-keys';
import { refetchIntervalFor } from './live-refresh';

/** POST /api/dashboard/top → a field's values with the most requests or bytes, largest first. */
export async function getDashboardTop(request: DashboardTopRequest, signal?: AbortSignal) {
  return dashboardTopAnswerSchema.parse(await api.post<unknown>(DASHBOARD_API.top, request, { signal }));
}

export const dashboardTopQueryOptions = (request: DashboardTopRequest) =>
  queryOptions({
    queryKey: dashboardKey(request.groupName, 'top', request),
    queryFn: ({ signal }) => getDashboardTop(request, signal),
  });

export function useDashboardTop(request: DashboardTopRequest | undefined) {
  return useQuery({
    ...dashboardTopQueryOptions(request ?? PLACEHOLDER),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalFor(request?.dateRange),
  });
}

const PLACEHOLDER: DashboardTopRequest = {
  groupName: '',
  dateRange: { index: 0 },
  filters: [],
  dimension: 'country',
  n: 1,
  metric: 'requests',
};
