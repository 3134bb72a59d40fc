import {
  ORIGIN_POLICY_API,
  originPolicyListSchema,
  type GroupListQuery,
  type OriginPolicy,
  type OriginPolicyListQuery,
} from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { originPolicyKeys } from '@/lib/query-keys';

/** The list's filters: OriginPolicyListQuery beyond the group, search and page. */
export type OriginPolicyFilters = Omit<OriginPolicyListQuery, keyof GroupListQuery>;

export type OriginPolicyQuery = ItemPageQuery<OriginPolicyFilters>;

/** Every policy query of every group; an 'origin.health' event refetches one group's lists (lib/query-keys). */
export const originPoliciesRootKey = [originPolicyKeys.area] as const;

/**
 * GET /api/origin-policies?groupName=&search=&page=&pageSize= plus the filters set (status, createdBy,
 * createdFrom, createdTo) → one page of the group's policies and the total.
 */
export async function listOriginPolicies(query: OriginPolicyQuery, signal?: AbortSignal) {
  return originPolicyListSchema.parse(
    await api.get<unknown>(ORIGIN_POLICY_API.policies, { query: itemPageParams(query), signal }),
  );
}

export const originPoliciesQueryOptions = (query: OriginPolicyQuery) =>
  queryOptions({ queryKey: originPolicyKeys.list(query), queryFn: ({ signal }) => listOriginPolicies(query, signal) });

/** The page stays on screen while the next one loads (and while live health refetches it). */
export function useOriginPolicies(query: OriginPolicyQuery | undefined) {
  return useQuery({
    ...originPoliciesQueryOptions(query ?? NO_ITEM_PAGE),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What a policy change makes stale: the lists and the open logs. */
export function onOriginPoliciesChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [originPoliciesRootKey, [AUDIT_QUERY_ROOT]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export type { OriginPolicy };
