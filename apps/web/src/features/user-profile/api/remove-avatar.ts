import { USER_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bumpAvatarVersion } from '@/lib/avatar';
import { setCurrentUser } from '@/lib/session';

/** DELETE /api/user/avatar → the updated user. */
export function removeAvatar(): Promise<unknown> {
  return api.delete<unknown>(USER_API.avatar);
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: async (data) => {
      bumpAvatarVersion();
      await setCurrentUser(queryClient, data);
    },
  });
}
