import type { LineStatus } from '@parapet/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LineStatus, string> = { Running: 'green', Deploying: 'processing', Deleting: 'red' };

/** Running, Deploying or Deleting (spec §4); the socket's refetch keeps it live. */
export function StatusTag({ status, testId }: { status: LineStatus; testId?: string }) {
  const { t } = useTranslation('serviceOverview');
  return (
    <Tag color={COLORS[status]} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
