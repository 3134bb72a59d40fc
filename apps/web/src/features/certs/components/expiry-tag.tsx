import { CERT_EXPIRY_WARNING_DAYS } from '@parapet/shared';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Days left; "Expired" in red below zero, a warning within CERT_EXPIRY_WARNING_DAYS. */
export function ExpiryTag({ days, testId }: { days: number; testId: string }) {
  const { t } = useTranslation('certs');
  if (days < 0)
    return (
      <Tag color="error" data-testid={testId} data-kind="expired">
        {t('expired')}
      </Tag>
    );
  if (days <= CERT_EXPIRY_WARNING_DAYS)
    return (
      <Space size={4}>
        <Tag color="warning" data-testid={testId} data-kind="warning">
          {t('days', { n: days })}
        </Tag>
      </Space>
    );
  return <span data-testid={testId}>{t('days', { n: days })}</span>;
}
