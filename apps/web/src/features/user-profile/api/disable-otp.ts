import { USER_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/session';

export interface DisableOtpInput {
  password: string;
  token: string;
}

/** POST /api/user/otp/disable {password, token} → the updated user, two-factor off. */
export function disableOtp(input: DisableOtpInput): Promise<unknown> {
  return api.post<unknown>(USER_API.otpDisable, input);
}

export function useDisableOtp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableOtp, onSuccess: (data) => setCurrentUser(queryClient, data) });
}
