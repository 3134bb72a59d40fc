import { USER_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bumpAvatarVersion } from '@/lib/avatar';
import { setCurrentUser } from '@/lib/session';

/** The multipart field the server reads the picture from. */
export const AVATAR_FIELD = 'avatar';

/** POST /api/user/set-user-avatar (multipart, field `avatar`) → the updated user. */
export function setAvatar(file: Blob): Promise<unknown> {
  const body = new FormData();
  body.append(AVATAR_FIELD, file);
  return api.post<unknown>(USER_API.setAvatar, body);
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: async (data) => {
      bumpAvatarVersion();
      await setCurrentUser(queryClient, data);
    },
  });
}
