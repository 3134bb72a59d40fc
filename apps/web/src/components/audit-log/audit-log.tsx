import { Alert, Collapse, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { AuditDiffTable } from './audit-diff-table';
import { useAuditEntries, type AuditQuery } from './get-audit-entries';

const ACTION_COLORS = { create: 'green', update: 'blue', delete: 'red', purge: 'purple' } as const;

/**
 * The change history of an entity (spec "log" views, ARCHITECTURE §9): who did what when,
 * newest first, each entry opening on the diff of its fields. Without `entityId` it lists
 * every entity of that kind (in `groupName`, when given), naming each.
 */
export function AuditLog(props: AuditQuery) {
  const { t } = useTranslation();
  const format = useValueFormat();
  const { data, isPending, isError } = useAuditEntries(props);
  if (isPending) return <Spin data-testid="audit-log-loading" />;
  if (isError) return <Alert type="error" title={t('audit.loadFailed')} data-testid="audit-log" />;
  if (data.length === 0) return <Empty description={t('audit.empty')} data-testid="audit-log" />;
  return (
    <div data-testid="audit-log">
      <Collapse
        items={data.map((entry) => ({
          key: entry.id,
          label: (
            <Space wrap data-testid="audit-entry">
              <Tag color={ACTION_COLORS[entry.action]}>{t(`audit.action.${entry.action}`)}</Tag>
              {props.entityId ? null : <Typography.Text code>{entry.entityId}</Typography.Text>}
              <Typography.Text strong>{entry.actor}</Typography.Text>
              <Typography.Text type="secondary">{format.dateTime(entry.at)}</Typography.Text>
            </Space>
          ),
          children: <AuditDiffTable entry={entry} />,
        }))}
      />
    </div>
  );
}
