import { adminUserSchema, GROUP_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onAdminDataChanged } from './invalidate';

/** PUT /api/admin/users/:username/disabled {disabled}; disabling ends the user's sessions. */
export async function setUserDisabled({ username, disabled }: { username: string; disabled: boolean }) {
  return adminUserSchema.parse(await api.put<unknown>(pathOf(GROUP_API.userDisabled, { username }), { disabled }));
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserDisabled, onSuccess: () => onAdminDataChanged(queryClient) });
}
