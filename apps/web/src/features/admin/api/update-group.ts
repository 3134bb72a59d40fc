import { GROUP_API, groupSchema, type PlanName } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onAdminDataChanged } from './invalidate';

export interface UpdateGroupInput {
  name?: string;
  plan?: PlanName;
  /** The version the form was filled from; a newer one on the server answers 409. */
  version: number;
}

/** PATCH /api/groups/:groupName {name?, plan?, version} → the group (409 VERSION_CONFLICT when stale). */
export async function updateGroup({ groupName, ...input }: UpdateGroupInput & { groupName: string }) {
  return groupSchema.parse(await api.patch<unknown>(pathOf(GROUP_API.group, { groupName }), input));
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the list must show the newer version too.
  return useMutation({ mutationFn: updateGroup, onSettled: () => onAdminDataChanged(queryClient) });
}
