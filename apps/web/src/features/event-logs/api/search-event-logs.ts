import { EVENT_LOG_API, eventLogPageSchema, type EventLogPage, type EventLogSearch } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventLogKeys } from '@/lib/query-keys';

/** POST /api/event-logs/search → one page of the group's events, newest first, and the next page's cursor. */
export async function searchEventLogs(body: EventLogSearch, signal?: AbortSignal): Promise<EventLogPage> {
  return eventLogPageSchema.parse(await api.post<unknown>(EVENT_LOG_API.search, body, { signal }));
}

export const eventLogPageQueryOptions = (body: EventLogSearch) =>
  queryOptions({ queryKey: eventLogKeys.page(body), queryFn: ({ signal }) => searchEventLogs(body, signal) });

/** The page stays on screen while the next one loads. */
export function useEventLogPage(body: EventLogSearch | undefined) {
  return useQuery({
    ...eventLogPageQueryOptions(body ?? { groupName: '', dateRange: { index: 0 } }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}
