import { WAF_RULE_API, wafRuleListSchema, wafRuleSchema, type WafRule } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { wafRuleKeys } from '@/lib/query-keys';
import { CHOICES_PAGE_SIZE } from '@/lib/item-names';

/** What the line's Firewall Rules tab shows of a rule; the rest of its shape is the rules screen's. */
export type WafRuleChoice = Pick<WafRule, 'id' | 'ruleName' | 'wafAction' | 'description'>;
const choicePageSchema = wafRuleListSchema.extend({
  items: wafRuleSchema.pick({ id: true, ruleName: true, wafAction: true, description: true }).array(),
});

const fetchPage = async (groupName: string, page: number, signal?: AbortSignal) =>
  choicePageSchema.parse(
    await api.get<unknown>(WAF_RULE_API.rules, { query: { groupName, page, pageSize: CHOICES_PAGE_SIZE }, signal }),
  );

/**
 * Every rule of a group, in the list's order: the first page says how many there are, the
 * others are asked for together. A plan allows more rules than one page holds, and a line may
 * use any of them.
 */
export async function listGroupWafRules(groupName: string, signal?: AbortSignal): Promise<WafRuleChoice[]> {
  const first = await fetchPage(groupName, 1, signal);
  const pages = Math.ceil(first.total / CHOICES_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchPage(groupName, i + 2, signal)),
  );
  return [first, ...rest].flatMap((page) => page.items);
}

// Under the group's rule queries, so a rule's change (the socket's waf-rule event) refreshes it,
// and apart from `names`, which holds plain names elsewhere.
export const groupWafRulesQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: [...wafRuleKeys.group(groupName), 'line-choices'] as const,
    queryFn: ({ signal }) => listGroupWafRules(groupName, signal),
  });

/** GET /api/waf-rules?groupName= (every page) → the group's rules, for a line's Firewall Rules tab. */
export function useGroupWafRules(groupName: string) {
  return useQuery(groupWafRulesQueryOptions(groupName));
}
