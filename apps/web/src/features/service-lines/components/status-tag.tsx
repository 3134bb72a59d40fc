import { SyncOutlined } from '@ant-design/icons';
import type { LineStatus } from '@parapet/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LineStatus, string> = { Running: 'green', Deploying: 'orange', Deleting: 'red' };

/** Running green, Deploying orange (spinning), Deleting red; a failed deployment's reason under it. */
export function LineStatusTag({ name, status, lastError }: { name: string; status: LineStatus; lastError: string | null }) {
  const { t } = useTranslation('serviceLines');
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={COLORS[status]} icon={status === 'Running' ? undefined : <SyncOutlined spin />} data-testid={`service-line-status-${name}`}>
        {t(`status.${status}`)}
      </Tag>
      {lastError ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`service-line-error-${name}`}>
          {t('lastError', { error: lastError })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
