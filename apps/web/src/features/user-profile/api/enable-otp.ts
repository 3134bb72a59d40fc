import { USER_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/session';

/** POST /api/user/otp/enable {token}: a code from the scanned secret turns two-factor on. */
export function enableOtp(token: string): Promise<unknown> {
  return api.post<unknown>(USER_API.otpEnable, { token });
}

export function useEnableOtp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableOtp, onSuccess: (data) => setCurrentUser(queryClient, data) });
}
