import { GROUP_API, groupSchema, type PlanName } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onAdminDataChanged } from './invalidate';

export interface CreateGroupInput {
  name: string;
  plan?: PlanName;
}

/** POST /api/groups {name, plan?} → 201 the group (409 ALREADY_EXISTS). */
export async function createGroup(input: CreateGroupInput) {
  return groupSchema.parse(await api.post<unknown>(GROUP_API.groups, input));
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => onAdminDataChanged(queryClient) });
}
