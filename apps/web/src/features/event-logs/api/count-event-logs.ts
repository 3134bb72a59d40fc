import { EVENT_LOG_API, eventLogCountSchema, type EventLogCount, type EventLogQuery } from '@parapet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventLogKeys } from '@/lib/query-keys';

/** POST /api/event-logs/count → how many events the search pages through. */
export async function countEventLogs(body: EventLogQuery, signal?: AbortSignal): Promise<EventLogCount> {
  return eventLogCountSchema.parse(await api.post<unknown>(EVENT_LOG_API.count, body, { signal }));
}

/**
 * The search's total, asked beside its first page and kept while its pages are turned (the key
 * has no cursor). Until it answers, or when it fails, the pager shows the rows without it.
 */
export function useEventLogCount(query: EventLogQuery | undefined) {
  return useQuery({
    queryKey: eventLogKeys.count(query ?? { groupName: '' }),
    queryFn: ({ signal }) => countEventLogs(query!, signal),
    enabled: query !== undefined,
  });
}
