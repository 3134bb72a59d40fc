import { DASHBOARD_API, dashboardSeriesAnswerSchema, type DashboardSeriesRequest } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKey } from '@/lib/query-keys';
import { refetchIntervalFor } from './live-refresh';

/** POST /api/dashboard/series → `{ from, to, bucketMs, points }` of one group's events. */
export async function getDashboardSeries(request: DashboardSeriesRequest, signal?: AbortSignal) {
  return dashboardSeriesAnswerSchema.parse(await api.post<unknown>(DASHBOARD_API.series, request, { signal }));
}

export const dashboardSeriesQueryOptions = (request: DashboardSeriesRequest) =>
  queryOptions({
    queryKey: dashboardKey(request.groupName, 'series', request),
    queryFn: ({ signal }) => getDashboardSeries(request, signal),
  });

/** The chart keeps its last answer while the next range or filter loads. */
export function useDashboardSeries(request: DashboardSeriesRequest | undefined) {
  return useQuery({
    ...dashboardSeriesQueryOptions(request ?? PLACEHOLDER),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalFor(request?.dateRange),
  });
}

const PLACEHOLDER: DashboardSeriesRequest = { groupName: '', dateRange: { index: 0 }, filters: [], metric: 'requests' };
