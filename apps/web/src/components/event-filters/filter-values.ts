import {
  DASHBOARD_API,
  EVENT_DIMENSIONS,
  dashboardFilterValuesAnswerSchema,
  type DashboardFilterValuesRequest,
  type EventDimension,
  type EventFilterField,
} from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the suggestions come from: a group's events in a range. */
export type FilterValuesScope = Omit<DashboardFilterValuesRequest, 'field'>;

export const isDimension = (field: EventFilterField): field is EventDimension =>
  (EVENT_DIMENSIONS as readonly string[]).includes(field);

/** POST /api/dashboard/filter-values → a field's most frequent values in the range. */
export async function getFilterValues(request: DashboardFilterValuesRequest, signal?: AbortSignal) {
  return dashboardFilterValuesAnswerSchema.parse(
    await api.post<unknown>(DASHBOARD_API.filterValues, request, { signal }),
  );
}

export const filterValuesQueryOptions = (request: DashboardFilterValuesRequest) =>
  queryOptions({
    queryKey: ['event-filter-values', request.groupName, request] as const,
    queryFn: ({ signal }) => getFilterValues(request, signal),
    staleTime: 60_000,
  });

/** Suggestions for a field; none for a field that is not a dimension (the numbers) or without a scope. */
export function useFilterValues(scope: FilterValuesScope | undefined, field: EventFilterField | undefined) {
  const request = scope && field && isDimension(field) ? { ...scope, field } : undefined;
  return useQuery({
    ...filterValuesQueryOptions(request ?? { groupName: '', dateRange: { index: 0 }, filters: [], field: 'country' }),
    enabled: request !== undefined,
    retry: false,
  });
}
