import { useCallback } from 'react';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';

/**
 * A failed call: its own message when the server said why (quota, permission, network...),
 * else the action's "Failed to ... Please try again" (spec §8).
 */
export function useFailureToast() {
  const toast = useToast();
  return useCallback(
    (error: unknown, fallback: string, testId: string) => {
      if (isApiError(error) && error.code !== 'INTERNAL') return toast.apiError(error);
      toast.error(fallback, testId);
    },
    [toast],
  );
}
