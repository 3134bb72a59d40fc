import {
  WAF_RULE_API,
  wafRuleListSchema,
  type GroupListQuery,
  type WafRule,
  type WafRuleListQuery,
} from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { resourceLimitsKey, wafRuleKeys } from '@/lib/query-keys';

/** The list's filters: WafRuleListQuery beyond the group, search and page (deepSearch among them). */
export type WafRuleFilters = Omit<WafRuleListQuery, keyof GroupListQuery>;

export type WafRuleQuery = ItemPageQuery<Partial<WafRuleFilters>>;

/**
 * GET /api/waf-rules?groupName=&search=&deepSearch=&page=&pageSize= plus the filters set (status,
 * wafAction, createdBy, createdFrom, createdTo) → one page of the group's rules in name order and the total.
 */
export async function listWafRules(query: WafRuleQuery, signal?: AbortSignal) {
  return wafRuleListSchema.parse(await api.get<unknown>(WAF_RULE_API.rules, { query: itemPageParams(query), signal }));
}

export const wafRulesQueryOptions = (query: WafRuleQuery) =>
  queryOptions({ queryKey: wafRuleKeys.list(query), queryFn: ({ signal }) => listWafRules(query, signal) });

/** The page stays on screen while the next one loads (and while a deployment's end refetches it). */
export function useWafRules(query: WafRuleQuery | undefined) {
  return useQuery({
    ...wafRulesQueryOptions(query ?? NO_ITEM_PAGE),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What a rule change makes stale: the group's rule queries, the open logs and the group's count. */
export function onWafRulesChanged(queryClient: QueryClient, groupName: string): Promise<unknown> {
  return Promise.all(
    [wafRuleKeys.group(groupName), [AUDIT_QUERY_ROOT], resourceLimitsKey(groupName)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export type { WafRule };
