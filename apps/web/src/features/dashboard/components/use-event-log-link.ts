import { can } from '@parapet/shared';
import { useCallback } from 'react';
import { eventLogHref, type EventLogView } from '@/lib/event-log-link';
import { useGroupContext } from '@/lib/tenancy/group-context';

/**
 * Links from the dashboard into the event log, where the user may read it in the group shown;
 * undefined where they may not (the dashboard needs only its own permission, the log its own),
 * so no link leads to a page that would refuse them.
 */
export function useEventLogLink(groupName: string | undefined): ((view: Partial<EventLogView>) => string) | undefined {
  const { user } = useGroupContext();
  const allowed =
    groupName !== undefined && user !== undefined && can(user, groupName, { permission: 'eventLogs', access: 'read' });
  const link = useCallback((view: Partial<EventLogView>) => eventLogHref(groupName ?? '', view), [groupName]);
  return allowed ? link : undefined;
}
