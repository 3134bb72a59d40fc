import { ALL_GROUPS } from '@parapet/shared';
import { useSelectedGroup } from '@/lib/tenancy/group-context';
import { useDashboardState } from '../state/dashboard-state';
import type { CallScope } from '../tab-requests';

/**
 * The group the dashboard shows. "All" (an admin's choice in the group menu) is no group: the
 * store answers one group's events at a time, so the page asks for one instead.
 */
export function useDashboardGroup(): string | undefined {
  const selected = useSelectedGroup();
  return selected === ALL_GROUPS ? undefined : selected;
}

/** The group and range of the page's calls; undefined until a group is chosen. */
export function useCallScope(groupName: string | undefined): CallScope | undefined {
  const { options } = useDashboardState();
  return groupName ? { groupName, dateRange: options.dateRange.range } : undefined;
}
