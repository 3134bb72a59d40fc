import type { Group } from '@parapet/shared';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { useTablePagination } from '@/components/table-pagination';
import { adminGroupPath } from '@/lib/paths';
import { useToast } from '@/lib/toast';
import { useDeleteGroup } from '../api/delete-group';

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
  const deleteGroup = (name: string) => remove.mutate(name, { onSuccess: () => toast.success(t('common:messages.deleted'), 'group-deleted'), onError: (e) => toast.apiError(e) });

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
    { key: 'created', title: t('admin:groups.created'), render: (_, g) => dayjs(g.createdAt).format('YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      title: t('admin:actions'),
      render: (_, g) => (
        <Space>
          <Button size="small" onClick={() => onEdit(g.name)} data-testid={`group-edit-${g.name}`}>
            {t('admin:groups.edit')}
          </Button>
          <ConfirmAction kind="delete" onConfirm={() => deleteGroup(g.name)}>
            <Button size="small" danger data-testid={`group-delete-${g.name}`}>
              {t('admin:groups.delete')}
            </Button>
          </ConfirmAction>
        </Space>
      ),
    },
  ];
  return <Table<Group> rowKey="name" loading={loading} columns={columns} dataSource={groups} pagination={pagination} data-testid="groups-table" />;
}
