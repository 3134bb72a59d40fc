import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec §8 for a full quota: "Failed to create. There are not available rules to create." with
 * "Exceed Quota" beneath, as the server's NO_RULES_AVAILABLE answer says it.
 */
export function useQuotaToast(): () => void {
  const { notification } = App.useApp();
  const { t } = useTranslation('errors');
  return useCallback(
    () =>
      notification.error({
        title: t('NO_RULES_AVAILABLE'),
        description: t('QUOTA_EXCEEDED'),
        props: { 'data-testid': 'waf-rule-quota' },
      }),
    [notification, t],
  );
}
