import { USER_API, type LoginRequest } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/session';

/** POST /api/user/login → the signed-in user (and the session cookie). */
export function login(input: LoginRequest): Promise<unknown> {
  return api.post<unknown>(USER_API.login, input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A new session means a new user: drop whatever was cached, then keep the answer as the
    // current user so the guard of /home needs no second call.
    onSuccess: (data) => {
      queryClient.removeQueries();
      return setCurrentUser(queryClient, data);
    },
  });
}
