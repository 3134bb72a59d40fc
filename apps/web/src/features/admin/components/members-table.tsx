import { Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SCROLL, pinActions } from '@/components/item-table';
import { useTablePagination } from '@/components/table-pagination';
import { useToast } from '@/lib/toast';
import { useMembers, type Member } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { EditMemberModal } from './edit-member-modal';
import { presetOf } from './permission-tree-model';
import { RowActions } from './row-actions';

/** A group's members: their role at a glance, edit of its switches, removal. */
export function MembersTable({ groupName }: { groupName: string }) {
  const { t } = useTranslation(['admin', 'common']);
  const pagination = useTablePagination();
  const { data, isPending } = useMembers(groupName);
  const [editing, setEditing] = useState<Member>();
  const remove = useRemoveMember();
  const toast = useToast();

  const removeMember = (username: string) =>
    remove.mutate(
      { groupName, username },
      {
        onSuccess: () => toast.success(t('common:messages.deleted'), 'member-removed'),
        onError: (e) => toast.apiError(e),
      },
    );

  const columns: TableColumnsType<Member> = [
    { key: 'username', title: t('admin:users.username'), dataIndex: 'username' },
    { key: 'email', title: t('admin:users.email'), dataIndex: 'email' },
    {
      key: 'role',
      title: t('admin:members.role'),
      render: (_, m) => (
        <Tag data-testid={`member-role-${m.username}`}>{t(`admin:roles.${presetOf(m.rolePermissions)}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('admin:users.status'),
      render: (_, m) =>
        m.disabled ? (
          <Tag color="red">{t('admin:users.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('admin:users.active')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('admin:actions'),
      render: (_, m) => (
        <RowActions
          edit={{
            label: t('admin:members.editPermissions'),
            testId: `member-edit-${m.username}`,
            onClick: () => setEditing(m),
          }}
          remove={{
            label: t('admin:members.remove'),
            testId: `member-remove-${m.username}`,
            onConfirm: () => removeMember(m.username),
          }}
        />
      ),
    },
  ];
  return (
    <>
      <Table<Member>
        rowKey="username"
        loading={isPending}
        columns={pinActions(columns)}
        scroll={LIST_SCROLL}
        dataSource={data}
        pagination={pagination}
        data-testid="members-table"
      />
      {editing ? (
        <EditMemberModal groupName={groupName} member={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </>
  );
}
