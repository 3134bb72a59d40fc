import { useDashboardState } from '../state/dashboard-state';
import type { CallScope } from '../tab-requests';

/** The group and range of the page's calls; undefined until a group is chosen. */
export function useCallScope(groupName: string | undefined): CallScope | undefined {
  const { options } = useDashboardState();
  return groupName ? { groupName, dateRange: options.dateRange.range } : undefined;
}
