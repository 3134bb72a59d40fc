import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/session';

/** Body of POST /api/user/login (ARCHITECTURE §4); token only with two-factor on. */
export interface LoginInput {
  username: string;
  password: string;
  token?: string;
}

export function login(input: LoginInput): Promise<unknown> {
  return api.post<unknown>('/user/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A new session means a new user: drop whatever was cached, the guard fetches it afresh.
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}
