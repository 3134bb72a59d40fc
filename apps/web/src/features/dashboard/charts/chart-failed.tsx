import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a widget shows when its call failed (a 500, or a 503 while the store is busy). Drawing
 * the empty answer instead read as "0 requests" or "No data": a figure nobody measured.
 */
export function ChartFailed({ language, testId }: { language: string; testId?: string }) {
  const { t } = useTranslation('charts', { lng: language });
  return <Alert type="error" showIcon title={t('loadFailed')} data-testid={testId} />;
}
