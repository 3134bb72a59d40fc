import { DEFAULT_HTML_PAGE_NAME, HTML_PAGE_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { htmlPageKeys } from '@/lib/query-keys';
import { listItemNames } from './item-names';

/** The built-in page is always there, whether or not the list answered with it. */
async function listHtmlPageNames(groupName: string, signal?: AbortSignal): Promise<string[]> {
  const names = await listItemNames(HTML_PAGE_API.pages, 'htmlPageName', groupName, signal);
  return names.includes(DEFAULT_HTML_PAGE_NAME) ? names : [DEFAULT_HTML_PAGE_NAME, ...names];
}

export const htmlPageNamesQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: htmlPageKeys.names(groupName),
    queryFn: ({ signal }) => listHtmlPageNames(groupName, signal),
  });

/** GET /api/html-pages?groupName= → the group's page names (`default` first if missing), for the error page. */
export function useHtmlPageNames(groupName: string, enabled = true) {
  return useQuery({ ...htmlPageNamesQueryOptions(groupName), enabled });
}
