import { useResourceLimits } from '@/lib/tenancy/resource-limits';

/**
 * How many days the group's plan keeps events, for the time range control; undefined while no
 * group is chosen or its limits are still on their way (the control then bounds by the spec alone).
 */
export function useKeptDays(groupName: string | undefined): number | undefined {
  return useResourceLimits(groupName).data?.plan.resourceLimits.logRetentionDays;
}
