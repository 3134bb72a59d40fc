import { SyncOutlined } from '@ant-design/icons';
import type { LineStatus } from '@parapet/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deployFailureText } from '@/lib/deploy-failure';

const COLORS: Record<LineStatus, string> = { Running: 'green', Deploying: 'orange', Deleting: 'red' };

interface LineStatusTagProps {
  status: LineStatus;
  testId: string;
  /** A failed deployment's reason, shown under the tag (the list; the setting screen says it apart). */
  lastError?: string | null;
  /** Test id of the reason. */
  errorTestId?: string;
}

/** Running green, Deploying orange (spinning), Deleting red (spec §4); the socket's refetch keeps it live. */
export function LineStatusTag({ status, testId, lastError, errorTestId }: LineStatusTagProps) {
  const { t } = useTranslation('serviceLines');
  const tag = (
    <Tag
      color={COLORS[status]}
      icon={status === 'Running' ? undefined : <SyncOutlined spin />}
      data-testid={testId}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Tag>
  );
  if (!lastError) return tag;
  return (
    <Space orientation="vertical" size={2}>
      {tag}
      <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={errorTestId}>
        {t('lastError', { error: deployFailureText(lastError) })}
      </Typography.Text>
    </Space>
  );
}
