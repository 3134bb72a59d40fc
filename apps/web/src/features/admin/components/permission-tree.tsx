import { PERMISSION_NAMES, type AccessKind, type Permission } from '@parapet/shared';
import { Switch, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { setFlag, type PermissionTree } from './permission-tree-model';

interface Row {
  key: string;
  permission: Permission;
  child?: string;
  children?: Row[];
}

interface PermissionTreeEditorProps {
  value: PermissionTree;
  onChange: (next: PermissionTree) => void;
}

const testIdOf = (row: Row, kind: AccessKind) => ['perm', row.permission, row.child, kind].filter(Boolean).join('-');

/**
 * A member's permissions as a tree of read and write switches: one row per permission, the
 * service-line settings tabs as expandable children (setFlag keeps write ⇒ read).
 */
export function PermissionTreeEditor({ value, onChange }: PermissionTreeEditorProps) {
  const { t } = useTranslation('admin');
  const rows: Row[] = PERMISSION_NAMES.map((permission) => {
    const children = Object.keys(value[permission].children).map((child) => ({
      key: `${permission}.${child}`,
      permission,
      child,
    }));
    return { key: permission, permission, ...(children.length ? { children } : {}) };
  });
  const flagsOf = (row: Row) =>
    row.child === undefined ? value[row.permission] : value[row.permission].children[row.child];
  const toggle = (kind: AccessKind) => (_: unknown, row: Row) => (
    <Switch
      size="small"
      checked={flagsOf(row)?.[kind] ?? false}
      onChange={(on) => onChange(setFlag(value, row.permission, row.child, kind, on))}
      aria-label={`${t(row.child ? `permissions.tabs.${row.child}` : `permissions.names.${row.permission}`, { defaultValue: row.child ?? row.permission })} ${t(`permissions.${kind}`)}`}
      data-testid={testIdOf(row, kind)}
    />
  );
  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('permissions.permission'),
      render: (_, row) =>
        row.child
          ? t(`permissions.tabs.${row.child}`, { defaultValue: row.child })
          : t(`permissions.names.${row.permission}`),
    },
    { key: 'read', title: t('permissions.read'), width: 90, render: toggle('read') },
    { key: 'write', title: t('permissions.write'), width: 90, render: toggle('write') },
  ];
  return (
    <Table<Row> size="small" pagination={false} columns={columns} dataSource={rows} data-testid="permission-tree" />
  );
}
