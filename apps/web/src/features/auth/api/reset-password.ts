import { USER_API, type ResetPasswordRequest } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  body: ResetPasswordRequest;
}

/** POST /api/user/validate-resetpassword-token?token= {username, password, otpToken?}: sets the new password. */
export function resetPassword({ token, body }: ResetPasswordInput): Promise<unknown> {
  return api.post<unknown>(USER_API.validateResetPasswordToken, body, { query: { token } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
