import type { AuditEntry } from '@parapet/shared';
import { Table, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffAudit, formatValue, type DiffKind, type DiffRow } from './audit-diff';

/** The fields one entry changed: before → after, additions and removals highlighted. */
export function AuditDiffTable({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const background: Record<DiffKind, string> = { added: token.colorSuccessBg, removed: token.colorErrorBg, changed: token.colorWarningBg };
  const rows = diffAudit(entry.before, entry.after);
  const columns: TableColumnsType<DiffRow> = [
    { key: 'field', title: t('audit.field'), dataIndex: 'field' },
    { key: 'before', title: t('audit.before'), render: (_, row) => <code>{formatValue(row.before)}</code> },
    { key: 'after', title: t('audit.after'), render: (_, row) => <code>{formatValue(row.after)}</code> },
    { key: 'kind', title: t('audit.change'), render: (_, row) => t(`audit.kind.${row.kind}`) },
  ];
  return (
    <Table<DiffRow>
      size="small"
      rowKey="field"
      pagination={false}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: t('audit.noFieldChanges') }}
      onRow={(row) => ({ 'data-testid': 'audit-diff-row', 'data-kind': row.kind, style: { background: background[row.kind] } }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
