import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useTablePagination } from './table-pagination';

/** The key every list gives its row-actions column. */
export const ACTIONS_COLUMN = 'actions';
/** Lists are as wide as their columns need and scroll sideways inside the page. */
export const LIST_SCROLL = { x: 'max-content' } as const;

/**
 * Pins a list's actions column to the right edge, so that at 1280 px (or with many optional
 * columns shown) the actions stay in view while the other columns scroll under them.
 */
export function pinActions<T>(columns: TableColumnsType<T>, key: string = ACTIONS_COLUMN): TableColumnsType<T> {
  return columns.map((column) => (column.key === key ? { ...column, fixed: 'right' } : column));
}

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
export function ItemTable<T extends { id: string }>({
  data,
  loading,
  page,
  pageSize,
  onPage,
  testId,
  columns,
  ...table
}: PagedTableProps<T>) {
  const pagination = useTablePagination();
  return (
    <Table<T>
      rowKey="id"
      loading={loading}
      dataSource={data?.items}
      scroll={LIST_SCROLL}
      pagination={{ ...pagination, current: page, pageSize, total: data?.total ?? 0, onChange: onPage }}
      data-testid={testId}
      columns={columns && pinActions(columns)}
      {...table}
    />
  );
}
