import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';

/**
 * Answers a call that starts a deployment (spec §4, §8): an empty taskNo did nothing, because
 * the line is already deploying, and the user is told to try again later; otherwise the change
 * is under way, `success` shows and `then` runs. Returns whether the call was accepted.
 */
export function useTaskToast() {
  const { t } = useTranslation('serviceLines');
  const toast = useToast();
  return useCallback(
    ({ taskNo }: { taskNo: string }, success: string, successTestId: string, then?: () => void): boolean => {
      if (!taskNo) {
        toast.warning(t('messages.alreadyDeploying'), 'service-line-already-deploying');
        return false;
      }
      toast.success(success, successTestId);
      then?.();
      return true;
    },
    [t, toast],
  );
}
