import type { TablePaginationConfig } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Page sizes offered by every table (GLOSSARY §12: 10/20/30/40, default 10). */
export const PAGE_SIZES = [10, 20, 30, 40];
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0] ?? 10;

/**
 * Spec §2 Tables: "Showing X to Y of Z entries" and a per-page choice. Spread into a table's
 * pagination with its own current page and total when the server pages.
 */
export function useTablePagination(): TablePaginationConfig {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      defaultPageSize: DEFAULT_PAGE_SIZE,
      showTotal: (total, [from, to]) => t('table.showing', { from, to, total }),
    }),
    [t],
  );
}
