import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';

/**
 * Spec §4, §8: a change answered with an empty taskNo did nothing, because the line is already
 * deploying; the user is told to try again later. Otherwise the change is under way: the
 * success toast shows and `then` runs.
 */
export function useTaskToast() {
  const { t } = useTranslation('serviceLines');
  const toast = useToast();
  return useCallback(
    ({ taskNo }: { taskNo: string }, success: string, successTestId: string, then?: () => void) => {
      if (!taskNo) return toast.warning(t('messages.alreadyDeploying'), 'service-line-already-deploying');
      toast.success(success, successTestId);
      then?.();
    },
    [t, toast],
  );
}
