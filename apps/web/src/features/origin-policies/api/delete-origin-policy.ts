import { ORIGIN_POLICY_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onOriginPoliciesChanged } from './list-origin-policies';

/** DELETE /api/origin-policies/:id → {ok}; 409 IN_USE (with `usedBy`) while a service line uses it. */
export async function deleteOriginPolicy(id: string): Promise<void> {
  await api.delete<unknown>(pathOf(ORIGIN_POLICY_API.policy, { id }));
}

export function useDeleteOriginPolicy() {
  const queryClient = useQueryClient();
  // Settled: a refusal (in use, deploying) may mean the row is out of date.
  return useMutation({ mutationFn: deleteOriginPolicy, onSettled: () => onOriginPoliciesChanged(queryClient) });
}
