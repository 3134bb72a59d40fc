import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';

/**
 * Answers a call that starts a deployment (spec §4): an empty taskNo means the line is already
 * deploying, so nothing was done and the user is told to retry later; otherwise `success`.
 * Returns whether the call was accepted.
 */
export function useTaskToast() {
  const { t } = useTranslation('serviceOverview');
  const toast = useToast();
  return useCallback(
    (answer: { taskNo: string }, success: string, testId: string): boolean => {
      if (!answer.taskNo) {
        toast.warning(t('messages.alreadyDeploying'), 'service-line-already-deploying');
        return false;
      }
      toast.success(success, testId);
      return true;
    },
    [t, toast],
  );
}
