import { USER_API } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/forgot-password: mails a reset link; answers the same for an unknown email. */
export function forgotPassword(email: string): Promise<unknown> {
  return api.post<unknown>(USER_API.forgotPassword, { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
