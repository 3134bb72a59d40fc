import type { AuditEntry } from '@parapet/shared';
import { Table, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffAudit, type DiffKind, type DiffRow } from './audit-diff';
import { useAuditFormat } from './use-audit-format';

// Lists come one item per line; a value never runs into the next column.
const VALUE_STYLE = { whiteSpace: 'pre-line', wordBreak: 'break-word' } as const;

/** The fields one entry changed: before → after, additions and removals highlighted. */
export function AuditDiffTable({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const format = useAuditFormat(entry.entity);
  const background: Record<DiffKind, string> = {
    added: token.colorSuccessBg,
    removed: token.colorErrorBg,
    changed: token.colorWarningBg,
  };
  const rows = diffAudit(entry.before, entry.after);
  const columns: TableColumnsType<DiffRow> = [
    {
      key: 'field',
      title: t('audit.field'),
      render: (_, row) => <span data-field={row.field}>{format.label(row.field)}</span>,
    },
    {
      key: 'before',
      title: t('audit.before'),
      render: (_, row) => <span style={VALUE_STYLE}>{format.value(row.field, row.before)}</span>,
    },
    {
      key: 'after',
      title: t('audit.after'),
      render: (_, row) => <span style={VALUE_STYLE}>{format.value(row.field, row.after)}</span>,
    },
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
      onRow={(row) =>
        ({
          'data-testid': 'audit-diff-row',
          'data-kind': row.kind,
          style: { background: background[row.kind] },
        }) as React.HTMLAttributes<HTMLElement>
      }
    />
  );
}
