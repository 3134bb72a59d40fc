import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@/components/table-pagination';
import { PageTitle } from '@/components/page-title';
import type { UserQuery } from '../api/list-users';
import { CreateUserModal } from './create-user-modal';
import { UsersTable } from './users-table';

/** /admin/users: find accounts, create one, disable one. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState<UserQuery>({ search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageTitle action={{ label: t('users.create'), onClick: () => setCreating(true), testId: 'user-create' }}>
        {t('users.title')}
      </PageTitle>
      <Input.Search
        allowClear
        placeholder={t('users.search')}
        onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="users-search"
      />
      <UsersTable query={query} onPage={(page, pageSize) => setQuery((q) => ({ ...q, page, pageSize }))} />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
