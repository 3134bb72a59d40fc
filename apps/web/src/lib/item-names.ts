import { DEFAULT_HTML_PAGE_NAME, HTML_PAGE_API, ORIGIN_POLICY_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { htmlPageKeys, originPolicyKeys } from './query-keys';

// The names a select offers of another area's items: a line's error page and origin policies,
// a firewall rule's deny, block and custom pages and its origin policy. Here, below the
// features, so both ask the same way under the same keys.

/** The most a list call returns at once (groupListQuerySchema's pageSize limit). */
export const CHOICES_PAGE_SIZE = 100;

/**
 * The names a select offers: the `key` of each item of the first page of a group's list
 * (`GET <path>?groupName=&page=1&pageSize=100`). Only the name is read, so a screen using it
 * does not depend on the rest of the item's shape.
 */
export async function listItemNames(
  path: string,
  key: string,
  groupName: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await api.get<{ items?: Record<string, unknown>[] }>(path, {
    query: { groupName, page: 1, pageSize: CHOICES_PAGE_SIZE },
    signal,
  });
  return (answer.items ?? []).map((item) => item[key]).filter((name): name is string => typeof name === 'string');
}

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

/** GET /api/html-pages?groupName= → the group's page names (`default` first if missing). */
export function useHtmlPageNames(groupName: string, enabled = true) {
  return useQuery({ ...htmlPageNamesQueryOptions(groupName), enabled });
}

// Beside the group's policy lists, not under them: a health change refetches the lists only.
export const originPolicyNamesQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: originPolicyKeys.names(groupName),
    queryFn: ({ signal }) => listItemNames(ORIGIN_POLICY_API.policies, 'policyName', groupName, signal),
  });

/** GET /api/origin-policies?groupName= → the group's policy names. */
export function useOriginPolicyNames(groupName: string, enabled = true) {
  return useQuery({ ...originPolicyNamesQueryOptions(groupName), enabled });
}
