import { ORIGIN_POLICY_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { originPolicyKeys } from '@/lib/query-keys';
import { listItemNames } from './item-names';

// Beside the group's policy lists, not under them: a health change refetches the lists only.
export const originPolicyNamesQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: originPolicyKeys.names(groupName),
    queryFn: ({ signal }) => listItemNames(ORIGIN_POLICY_API.policies, 'policyName', groupName, signal),
  });

/** GET /api/origin-policies?groupName= → the group's policy names, for the Origin tab's regions. */
export function useOriginPolicyNames(groupName: string, enabled = true) {
  return useQuery({ ...originPolicyNamesQueryOptions(groupName), enabled });
}
