import { Table, type TableProps } from 'antd';
import { useTablePagination } from './table-pagination';

/** What a feature's item table gets from its list screen. */
export interface ItemTableProps<T> {
  /** The list's answer: one server-side page of rows and the total; undefined before the first. */
  data: { items: T[]; total: number } | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  /** The optional columns the column selector shows. */
  visible: string[];
  canWrite: boolean;
  onEdit: (item: T) => void;
  onLog: (item: T) => void;
}

type PagedTableProps<T> = Pick<ItemTableProps<T>, 'data' | 'loading' | 'page' | 'pageSize' | 'onPage'> &
  Pick<TableProps<T>, 'columns' | 'locale' | 'onRow'> & { testId: string };

/** A server-paged table of items keyed by id, as wide as its columns need, with "Showing X to Y of Z". */
export function ItemTable<T extends { id: string }>({ data, loading, page, pageSize, onPage, testId, ...table }: PagedTableProps<T>) {
  const pagination = useTablePagination();
  return (
    <Table<T>
      rowKey="id"
      loading={loading}
      dataSource={data?.items}
      scroll={{ x: 'max-content' }}
      pagination={{ ...pagination, current: page, pageSize, total: data?.total ?? 0, onChange: onPage }}
      data-testid={testId}
      {...table}
    />
  );
}
