import { ORIGIN_POLICY_API, originPolicySchema, type OriginPolicyInput } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onOriginPoliciesChanged } from './list-origin-policies';

export type UpdateOriginPolicyInput = OriginPolicyInput & {
  id: string;
  /** The version the form was filled from; a newer one on the server answers 409 VERSION_CONFLICT. */
  version: number;
};

/** PUT /api/origin-policies/:id {every field, the name included, and version} → the policy. */
export async function updateOriginPolicy({ id, ...input }: UpdateOriginPolicyInput) {
  return originPolicySchema.parse(await api.put<unknown>(pathOf(ORIGIN_POLICY_API.policy, { id }), input));
}

export function useUpdateOriginPolicy() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the list must show the newer version too.
  return useMutation({ mutationFn: updateOriginPolicy, onSettled: () => onOriginPoliciesChanged(queryClient) });
}
