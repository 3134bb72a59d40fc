import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFieldErrorCode } from '@/lib/form-errors';

/**
 * What a widget shows when its call failed (a 500, or a 503 while the store is busy). Drawing
 * the empty answer instead read as "0 requests" or "No data": a figure nobody measured. A call
 * refused for its range (`rangeCode`, the field code of `dateRange`) says the range is the
 * problem and why, since trying again cannot help.
 */
export function ChartFailed({
  language,
  testId,
  rangeCode,
}: {
  language: string;
  testId?: string;
  rangeCode?: string;
}) {
  const { t } = useTranslation(['charts', 'fieldErrors'], { lng: language });
  if (rangeCode !== undefined)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('charts:rangeRefused')}
        description={t(`fieldErrors:${toFieldErrorCode(rangeCode)}`)}
        data-testid={testId}
      />
    );
  return <Alert type="error" showIcon title={t('charts:loadFailed')} data-testid={testId} />;
}
