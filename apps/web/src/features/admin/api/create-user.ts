import { adminUserSchema, GROUP_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onAdminDataChanged } from './invalidate';

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
}

/** POST /api/admin/users → 201 the new, already confirmed account. */
export async function createUser(input: CreateUserInput) {
  return adminUserSchema.parse(await api.post<unknown>(GROUP_API.users, input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => onAdminDataChanged(queryClient) });
}
