import { USER_API } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/forgot-otp: mails a link to set up the one-time password again. */
export function forgotOtp(email: string): Promise<unknown> {
  return api.post<unknown>(USER_API.forgotOtp, { email });
}

export function useForgotOtp() {
  return useMutation({ mutationFn: forgotOtp });
}
