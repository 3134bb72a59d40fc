import { otpSetupSchema, USER_API, type OtpSetup } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/otp/setup → a new secret to scan; two-factor stays off until confirmed. */
export async function startOtpSetup(): Promise<OtpSetup> {
  return otpSetupSchema.parse(await api.post<unknown>(USER_API.otpSetup));
}

export function useStartOtpSetup() {
  return useMutation({ mutationFn: startOtpSetup });
}
