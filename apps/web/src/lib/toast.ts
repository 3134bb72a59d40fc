import { TOAST_DURATION_MS } from '@parapet/shared';
import { App } from 'antd';
import type { AppProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';

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
  /** Shows an API failure in the user's language, by its code. */
  apiError: (error: unknown) => void;
}

/** The one way pages show a toast; it uses the App context so theme and locale apply. */
export function useToast(): Toast {
  const { notification } = App.useApp();
  const { t } = useTranslation('errors');
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
      apiError: (error: unknown) => show('error')(t(isApiError(error) ? error.code : 'INTERNAL'), 'toast-api-error'),
    };
  }, [notification, t]);
}
