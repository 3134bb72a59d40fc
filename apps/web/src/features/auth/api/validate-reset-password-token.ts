import { resetTokenInfoSchema, USER_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/validate-resetpassword-token?token= → whose token it is, and whether the OTP is needed. */
export async function validateResetPasswordToken(token: string, signal?: AbortSignal) {
  return resetTokenInfoSchema.parse(
    await api.get<unknown>(USER_API.validateResetPasswordToken, { query: { token }, signal }),
  );
}

export const resetPasswordTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-password-token', token],
    queryFn: ({ signal }) => validateResetPasswordToken(token, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Checks `token` as soon as there is one. */
export function useResetPasswordToken(token: string | undefined) {
  return useQuery({ ...resetPasswordTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
