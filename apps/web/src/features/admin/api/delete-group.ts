import { GROUP_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onAdminDataChanged } from './invalidate';

/** DELETE /api/groups/:groupName → {ok}. */
export async function deleteGroup(groupName: string): Promise<void> {
  await api.delete<unknown>(pathOf(GROUP_API.group, { groupName }));
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSuccess: () => onAdminDataChanged(queryClient) });
}
