import { ALL_GROUPS, can, type Permission } from '@parapet/shared';
import { Alert, Input, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ItemPageQuery } from '@/lib/item-page-query';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { ColumnSelector, type ColumnSelectorProps } from './column-selector';
import { ListFilters, type ItemFilters } from './list-filters';
import { DEFAULT_PAGE_SIZE } from './table-pagination';

// The scaffolding of a group's item list screen (certificates, origin policies, HTML pages):
// the selected group, the search, paging and filters, the toolbar and the "choose a group" alert.

/** `F` is the list's filters type; every filter is optional, none is set at first. */
export interface ItemList<F> {
  /** The selected group; undefined while none or "all" is chosen, when the screen asks for one. */
  groupName: string | undefined;
  /** Write access to the list's permission in that group. */
  canWrite: boolean;
  search: string;
  paging: { page: number; pageSize: number };
  filters: Partial<F>;
  /** A new search or new filters start again from page 1. */
  setSearch: (search: string) => void;
  setFilters: (filters: Partial<F>) => void;
  setPaging: (page: number, pageSize: number) => void;
  /** The page to fetch; undefined until a group is chosen. */
  query: ItemPageQuery<Partial<F>> | undefined;
}

/** The state of an item list screen whose writes need `permission`; `F` are the list's filters. */
export function useItemList<F extends ItemFilters>(permission: Permission): ItemList<F> {
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWrite =
    user !== undefined && groupName !== undefined && can(user, groupName, { permission, access: 'write' });

  // A link may open the list already searching (`?search=name`: a line's rule links).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Partial<F>>({});
  const toFirstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  return {
    groupName,
    canWrite,
    search,
    paging,
    filters,
    setSearch: (next) => {
      setSearch(next);
      toFirstPage();
    },
    setFilters: (next) => {
      setFilters(next);
      toFirstPage();
    },
    setPaging: (page, pageSize) => setPaging({ page, pageSize }),
    query: groupName ? { groupName, search, ...paging, filters } : undefined,
  };
}

interface ItemListToolbarProps<F extends ItemFilters> {
  list: Pick<ItemList<F>, 'filters' | 'setFilters' | 'setSearch' | 'search'>;
  /** The search box: its placeholder, its aria-label if it has one, its test id. */
  search: { placeholder: string; ariaLabel?: string; testId: string };
  /** The feature's own filters, after the common ones; they report through list.setFilters. */
  extraFilters?: ReactNode;
  columns: ColumnSelectorProps;
}

/** Above the table: the search and the filters on the left, the column selector on the right. */
export function ItemListToolbar<F extends ItemFilters>({
  list,
  search,
  extraFilters,
  columns,
}: ItemListToolbarProps<F>) {
  return (
    <Space
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }}
      wrap
    >
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={search.placeholder}
          aria-label={search.ariaLabel}
          style={{ width: 320 }}
          defaultValue={list.search}
          onSearch={list.setSearch}
          data-testid={search.testId}
        />
        <ListFilters<Partial<F>> value={list.filters} onChange={list.setFilters} extra={extraFilters} />
      </Space>
      <ColumnSelector {...columns} />
    </Space>
  );
}

/** In place of the list while no single group is selected. */
export function ChooseGroupAlert({ title, testId }: { title: string; testId: string }) {
  return <Alert type="info" showIcon title={title} data-testid={testId} />;
}
