import { USER_API } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/otp/reset-request: mails the signed-in user a link to /reset-OTP. */
export function requestOtpReset(): Promise<unknown> {
  return api.post<unknown>(USER_API.otpResetRequest);
}

export function useRequestOtpReset() {
  return useMutation({ mutationFn: requestOtpReset });
}
