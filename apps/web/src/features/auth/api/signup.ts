import { USER_API, type SignupRequest } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/signup → 201 {ok:true}; the account waits for its email to be confirmed. */
export function signup(input: SignupRequest): Promise<unknown> {
  return api.post<unknown>(USER_API.signup, input);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
