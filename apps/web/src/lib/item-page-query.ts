import type { RequestOptions } from './api-client';

/**
 * One server-side page of a group's item list (certificates, origin policies, HTML pages) as
 * the list screens ask for it; `filters` are the list's own query params beyond these.
 */
export interface ItemPageQuery<F> {
  groupName: string;
  search: string;
  page: number;
  pageSize: number;
  filters: F;
}

/** What a list hook keys its disabled query on while no group is chosen; never fetched. */
export const NO_ITEM_PAGE: ItemPageQuery<Record<string, never>> = {
  groupName: '',
  search: '',
  page: 1,
  pageSize: 10,
  filters: {},
};

type QueryParams = NonNullable<RequestOptions['query']>;

/** The query string of a page: a blank search is left out, each filter set is a param of its own. */
export function itemPageParams<F extends QueryParams>({
  groupName,
  search,
  page,
  pageSize,
  filters,
}: ItemPageQuery<F>): QueryParams {
  return { groupName, search: search.trim() || undefined, page, pageSize, ...filters };
}
