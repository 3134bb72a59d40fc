import { otpSetupSchema, USER_API, type OtpSetup, type ResetOtpRequest } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/resetuserdata {token, password} → the new one-time-password secret to scan. */
export async function resetOtp(input: ResetOtpRequest): Promise<OtpSetup> {
  return otpSetupSchema.parse(await api.post<unknown>(USER_API.resetUserData, input));
}

export function useResetOtp() {
  return useMutation({ mutationFn: resetOtp });
}
