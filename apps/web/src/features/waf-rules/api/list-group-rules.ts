import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CHOICES_PAGE_SIZE } from '@/lib/item-names';
import { wafRuleKeys } from '@/lib/query-keys';
import { listWafRules, type WafRule } from './list-waf-rules';

/** Every rule of a group in name order, page after page of the list call (the tester tries them all). */
export async function listGroupRules(groupName: string, signal?: AbortSignal): Promise<WafRule[]> {
  const rules: WafRule[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listWafRules(
      { groupName, search: '', page, pageSize: CHOICES_PAGE_SIZE, filters: {} },
      signal,
    );
    rules.push(...answer.items);
    if (answer.items.length === 0 || rules.length >= answer.total) return rules;
  }
}

/** Fetches the group's rules once asked (the "Test rules" button), cached beside its lists. */
export function useGroupRulesFetch(groupName: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: [...wafRuleKeys.group(groupName), 'all'],
        queryFn: ({ signal }) => listGroupRules(groupName, signal),
        staleTime: 5_000,
      }),
    [queryClient, groupName],
  );
}
