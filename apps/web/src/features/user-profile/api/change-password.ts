import { USER_API, type ChangePasswordRequest } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/change-password {oldPassword, newPassword}; the account's other sessions end. */
export function changePassword(input: ChangePasswordRequest): Promise<unknown> {
  return api.post<unknown>(USER_API.changePassword, input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
