import { USER_API, type ProfileUpdate } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/session';

/** PUT /api/user/profile {phoneNumber} → the updated user. */
export function updateProfile(input: ProfileUpdate): Promise<unknown> {
  return api.put<unknown>(USER_API.profile, input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (data) => setCurrentUser(queryClient, data) });
}
