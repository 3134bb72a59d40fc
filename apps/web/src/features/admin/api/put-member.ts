import { GROUP_API, memberSchema, type RolePermissions } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onMembershipChanged } from './invalidate';

export interface PutMemberInput {
  groupName: string;
  username: string;
  rolePermissions: RolePermissions;
}

/** PUT /api/groups/:groupName/members/:username {rolePermissions}: adds the user or sets their role. */
export async function putMember({ groupName, username, rolePermissions }: PutMemberInput) {
  return memberSchema.parse(
    await api.put<unknown>(pathOf(GROUP_API.member, { groupName, username }), { rolePermissions }),
  );
}

export function usePutMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putMember, onSuccess: (_, input) => onMembershipChanged(queryClient, input) });
}
