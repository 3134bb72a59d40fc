import { ORIGIN_POLICY_API, originPolicySchema, type OriginPolicyInput } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onOriginPoliciesChanged } from './list-origin-policies';

export type CreateOriginPolicyInput = OriginPolicyInput & { groupName: string };

/** POST /api/origin-policies {groupName, policyName, region, origins, ...settings} → 201 the policy. */
export async function createOriginPolicy(input: CreateOriginPolicyInput) {
  return originPolicySchema.parse(await api.post<unknown>(ORIGIN_POLICY_API.policies, input));
}

export function useCreateOriginPolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOriginPolicy, onSuccess: () => onOriginPoliciesChanged(queryClient) });
}
