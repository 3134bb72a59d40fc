import type { Group } from '@parapet/shared';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_SCROLL, pinActions } from '@/components/item-table';
import { LocalTime } from '@/components/local-time';
import { useTablePagination } from '@/components/table-pagination';
import { adminGroupPath } from '@/lib/paths';
import { useToast } from '@/lib/toast';
import { useDeleteGroup } from '../api/delete-group';
import { RowActions } from './row-actions';

interface GroupsTableProps {
  groups: Group[] | undefined;
  loading: boolean;
  onEdit: (name: string) => void;
}

/** Every group with its plan and member count; a name opens the group's members. */
export function GroupsTable({ groups, loading, onEdit }: GroupsTableProps) {
  const { t } = useTranslation(['admin', 'plans', 'common']);
  const pagination = useTablePagination();
  const toast = useToast();
  const remove = useDeleteGroup();
  const deleteGroup = (name: string) =>
    remove.mutate(name, {
      onSuccess: () => toast.success(t('common:messages.deleted'), 'group-deleted'),
      onError: (e) => toast.apiError(e),
    });

  const columns: TableColumnsType<Group> = [
    {
      key: 'name',
      title: t('admin:groups.name'),
      render: (_, g) => (
        <Link to={adminGroupPath(g.name)} data-testid={`group-link-${g.name}`}>
          {g.name}
        </Link>
      ),
    },
    { key: 'plan', title: t('admin:groups.plan'), render: (_, g) => t(`plans:names.${g.plan}`) },
    { key: 'members', title: t('admin:groups.members'), dataIndex: 'memberCount' },
    {
      key: 'created',
      title: t('admin:groups.created'),
      render: (_, g) => <LocalTime value={g.createdAt} seconds={false} />,
    },
    {
      key: 'actions',
      title: t('admin:actions'),
      render: (_, g) => (
        <RowActions
          edit={{ label: t('admin:groups.edit'), testId: `group-edit-${g.name}`, onClick: () => onEdit(g.name) }}
          remove={{
            label: t('admin:groups.delete'),
            testId: `group-delete-${g.name}`,
            onConfirm: () => deleteGroup(g.name),
          }}
        />
      ),
    },
  ];
  return (
    <Table<Group>
      rowKey="name"
      loading={loading}
      columns={pinActions(columns)}
      scroll={LIST_SCROLL}
      dataSource={groups}
      pagination={pagination}
      data-testid="groups-table"
    />
  );
}
