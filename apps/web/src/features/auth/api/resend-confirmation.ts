import { USER_API } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResendConfirmationInput {
  username: string;
  password: string;
}

/** POST /api/user/resend-confirmation: the confirmation mail again, for an unconfirmed account. */
export function resendConfirmation(input: ResendConfirmationInput): Promise<unknown> {
  return api.post<unknown>(USER_API.resendConfirmation, input);
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
