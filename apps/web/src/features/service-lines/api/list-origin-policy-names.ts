import { ORIGIN_POLICY_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listItemNames } from './item-names';

// Not under the 'origin-policies' root: lib/socket refetches that on every health change,
// which a list of names does not need.
export const originPolicyNamesQueryOptions = (groupName: string) =>
  queryOptions({ queryKey: ['service-overview', 'origin-policy-names', groupName], queryFn: ({ signal }) => listItemNames(ORIGIN_POLICY_API.policies, 'policyName', groupName, signal) });

/** GET /api/origin-policies?groupName= → the group's policy names, for the Origin tab's regions. */
export function useOriginPolicyNames(groupName: string, enabled = true) {
  return useQuery({ ...originPolicyNamesQueryOptions(groupName), enabled });
}
