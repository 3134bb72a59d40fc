import { WAF_RULE_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onWafRulesChanged, type WafRule } from './list-waf-rules';

/** DELETE /api/waf-rules/:id → {ok}; 409 IN_USE (with `usedBy`) while a line uses it, WAF_RULE_DEPLOYING while it deploys. */
export async function deleteWafRule(rule: Pick<WafRule, 'id' | 'groupName'>): Promise<void> {
  await api.delete<unknown>(pathOf(WAF_RULE_API.rule, { id: rule.id }));
}

export function useDeleteWafRule() {
  const queryClient = useQueryClient();
  // Settled: a refusal (in use, deploying) may mean the row is out of date.
  return useMutation({
    mutationFn: deleteWafRule,
    onSettled: (_data, _error, rule) => onWafRulesChanged(queryClient, rule.groupName),
  });
}
