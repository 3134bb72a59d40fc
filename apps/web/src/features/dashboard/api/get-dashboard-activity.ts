import { DASHBOARD_API, dashboardActivityAnswerSchema, type DashboardActivityRequest } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKey } from '@/lib/query-keys';
import { refetchIntervalFor } from './live-refresh';

/** POST /api/dashboard/activity → the group's most recent events matching the filters. */
export async function getDashboardActivity(request: DashboardActivityRequest, signal?: AbortSignal) {
  return dashboardActivityAnswerSchema.parse(await api.post<unknown>(DASHBOARD_API.activity, request, { signal }));
}

export const dashboardActivityQueryOptions = (request: DashboardActivityRequest) =>
  queryOptions({
    queryKey: dashboardKey(request.groupName, 'activity', request),
    queryFn: ({ signal }) => getDashboardActivity(request, signal),
  });

export function useDashboardActivity(request: DashboardActivityRequest | undefined) {
  return useQuery({
    ...dashboardActivityQueryOptions(request ?? PLACEHOLDER),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalFor(request?.dateRange),
  });
}

const PLACEHOLDER: DashboardActivityRequest = { groupName: '', dateRange: { index: 0 }, filters: [], limit: 1 };
