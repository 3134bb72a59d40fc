import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_SCROLL, pinActions } from '@/components/item-table';
import { useTablePagination } from '@/components/table-pagination';
import type { AdminUser, UserQuery } from '../api/list-users';
import { useUsers } from '../api/list-users';
import { UserDisabledSwitch } from './user-disabled-switch';

const yesNo = (value: boolean, label: string) => (value ? <CheckOutlined aria-label={label} /> : <MinusOutlined />);

interface UsersTableProps {
  query: UserQuery;
  onPage: (page: number, pageSize: number) => void;
}

/** One server-side page of accounts: groups, confirmation, two-factor, and the disabled switch. */
export function UsersTable({ query, onPage }: UsersTableProps) {
  const { t } = useTranslation('admin');
  const pagination = useTablePagination();
  const { data, isFetching } = useUsers(query);
  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'username',
      title: t('users.username'),
      render: (_, u) =>
        u.privilege === 'admin' ? (
          <>
            {u.username} <Tag color="gold">{t('users.admin')}</Tag>
          </>
        ) : (
          u.username
        ),
    },
    { key: 'email', title: t('users.email'), dataIndex: 'email' },
    { key: 'groups', title: t('users.groups'), render: (_, u) => u.groups.map((g) => <Tag key={g}>{g}</Tag>) },
    { key: 'confirmed', title: t('users.confirmed'), render: (_, u) => yesNo(u.emailConfirmed, t('users.confirmed')) },
    { key: 'otp', title: t('users.twoFactor'), render: (_, u) => yesNo(u.otpEnabled, t('users.twoFactor')) },
    { key: 'disabled', title: t('users.disabled'), render: (_, u) => <UserDisabledSwitch user={u} /> },
  ];
  return (
    <Table<AdminUser>
      rowKey="username"
      loading={isFetching}
      // The disabled switch is this list's only action: it stays in view like the others' actions.
      columns={pinActions(columns, 'disabled')}
      scroll={LIST_SCROLL}
      dataSource={data?.items}
      pagination={{
        ...pagination,
        current: query.page,
        pageSize: query.pageSize,
        total: data?.total ?? 0,
        onChange: onPage,
      }}
      data-testid="admin-users-table"
    />
  );
}
