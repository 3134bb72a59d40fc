import { GROUP_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onMembershipChanged } from './invalidate';

export interface RemoveMemberInput {
  groupName: string;
  username: string;
}

/** DELETE /api/groups/:groupName/members/:username → {ok}. */
export async function removeMember({ groupName, username }: RemoveMemberInput): Promise<void> {
  await api.delete<unknown>(pathOf(GROUP_API.member, { groupName, username }));
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: (_, input) => onMembershipChanged(queryClient, input) });
}
