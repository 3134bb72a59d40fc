import { WAF_RULE_API, wafRuleSchema, type CreateWafRule } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onWafRulesChanged } from './list-waf-rules';

/**
 * POST /api/waf-rules {groupName, ruleName, every setting} → 201 the rule; 403 NO_RULES_AVAILABLE
 * when the group's plan has no rule left to create.
 */
export async function createWafRule(input: CreateWafRule) {
  return wafRuleSchema.parse(await api.post<unknown>(WAF_RULE_API.rules, input));
}

export function useCreateWafRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWafRule,
    // Settled: a quota refusal means the count shown is out of date too.
    onSettled: (_data, _error, input) => onWafRulesChanged(queryClient, input.groupName),
  });
}
