import {
  HTML_PAGE_API,
  htmlPageListSchema,
  type GroupListQuery,
  type HtmlPage,
  type HtmlPageListQuery,
} from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { htmlPageKeys } from '@/lib/query-keys';

/** The list's filters: HtmlPageListQuery beyond the group, search and page. */
export type HtmlPageFilters = Omit<HtmlPageListQuery, keyof GroupListQuery>;

export type HtmlPageQuery = ItemPageQuery<HtmlPageFilters>;

/** Every page query of every group (lib/query-keys: [area, group, kind, ...]). */
export const htmlPagesRootKey = [htmlPageKeys.area] as const;

/**
 * GET /api/html-pages?groupName=&search=&page=&pageSize= plus the filters set (status, createdBy, createdFrom,
 * createdTo, ridPosition, ridColor) → one page of the group's pages (the built-in `default` included) and the total.
 */
export async function listHtmlPages(query: HtmlPageQuery, signal?: AbortSignal) {
  return htmlPageListSchema.parse(
    await api.get<unknown>(HTML_PAGE_API.pages, { query: itemPageParams(query), signal }),
  );
}

export const htmlPagesQueryOptions = (query: HtmlPageQuery) =>
  queryOptions({ queryKey: htmlPageKeys.list(query), queryFn: ({ signal }) => listHtmlPages(query, signal) });

/** The page stays on screen while the next one loads. */
export function useHtmlPages(query: HtmlPageQuery | undefined) {
  return useQuery({
    ...htmlPagesQueryOptions(query ?? NO_ITEM_PAGE),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What a page change makes stale: the lists and the open logs. */
export function onHtmlPagesChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [htmlPagesRootKey, [AUDIT_QUERY_ROOT]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export type { HtmlPage };
