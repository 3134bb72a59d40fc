import { TOAST_DURATION_MS } from '@parapet/shared';
import { App } from 'antd';
import type { AppProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from './api-client';
import { onOwnDeployed } from './own-changes';

/** Toasts last TOAST_DURATION_MS at the bottom right (spec §8); antd counts in seconds. */
export const TOAST_CONFIG: AppProps['notification'] = { placement: 'bottomRight', duration: TOAST_DURATION_MS / 1000 };
export const MESSAGE_CONFIG: AppProps['message'] = { duration: TOAST_DURATION_MS / 1000 };

/** `testId` goes on the toast's box, so browser tests can wait for one particular toast. */
type Show = (text: string, testId?: string) => void;

export interface Toast {
  success: Show;
  info: Show;
  warning: Show;
  error: Show;
  /**
   * Shows an API failure in the user's language, by its code. Given the action that failed, a
   * failure that is not the user's (server or network) says spec §8's words for it instead:
   * "Failed to create. Please try again", "Update Failed", "Failed to delete. Please try again".
   * A delete refused for a reason of its own says "Failed to delete." before that reason, so
   * every list words a failed delete the same way.
   */
  apiError: (error: unknown, action?: FailedAction) => void;
}

export type FailedAction = 'create' | 'update' | 'delete';

const FAILED_ON_OUR_SIDE = {
  create: 'common:messages.createFailed',
  update: 'common:messages.updateFailed',
  delete: 'common:messages.deleteFailed',
} as const satisfies Record<FailedAction, string>;

/** Failures the user can only answer by trying again later. */
const NOT_THE_USERS = new Set<ApiErrorCode>(['INTERNAL', 'STORE_UNAVAILABLE', 'EVENT_STORE_BUSY', 'NETWORK_ERROR']);

/** Whether a call failed for a server or network reason rather than one the user can fix. */
export const failedOnOurSide = (error: unknown): boolean => !isApiError(error) || NOT_THE_USERS.has(error.code);

/** The one way pages show a toast; it uses the App context so theme and locale apply. */
export function useToast(): Toast {
  const { notification } = App.useApp();
  const { t } = useTranslation(['errors', 'common']);
  return useMemo(() => {
    const show =
      (type: 'success' | 'info' | 'warning' | 'error'): Show =>
      (text, testId) =>
        notification[type]({ title: text, ...(testId ? { props: { 'data-testid': testId } } : {}) });
    return {
      success: show('success'),
      info: show('info'),
      warning: show('warning'),
      error: show('error'),
      apiError: (error: unknown, action?: FailedAction) => {
        const code: ApiErrorCode = isApiError(error) ? error.code : 'INTERNAL';
        if (action && failedOnOurSide(error))
          return show('error')(t(FAILED_ON_OUR_SIDE[action]), `toast-${action}-failed`);
        if (action === 'delete')
          return show('error')(
            t('common:messages.deleteFailedBecause', { reason: t(`errors:${code}`) }),
            'toast-delete-failed',
          );
        show('error')(t(`errors:${code}`), 'toast-api-error');
      },
    };
  }, [notification, t]);
}

/**
 * Says "Deploy successfully" (spec §8) when a deployment this console queued for the user
 * succeeds (see own-changes.ts). Mounted once, inside the App context.
 */
export function DeployToasts(): null {
  const toast = useToast();
  const { t } = useTranslation('common');
  useEffect(() => onOwnDeployed(() => toast.success(t('messages.deployed'), 'toast-deployed')), [toast, t]);
  return null;
}
