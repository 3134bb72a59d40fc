import { resetTokenInfoSchema, USER_API } from '@parapet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/validate-resetOTP-token?token= → whose token it is. */
export async function validateResetOtpToken(token: string, signal?: AbortSignal) {
  return resetTokenInfoSchema.parse(
    await api.get<unknown>(USER_API.validateResetOtpToken, { query: { token }, signal }),
  );
}

/** Checks the token of the mailed link when the page opens with one. */
export function useResetOtpToken(token: string | undefined) {
  return useQuery({
    queryKey: ['auth', 'reset-otp-token', token],
    queryFn: ({ signal }) => validateResetOtpToken(token ?? '', signal),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });
}
