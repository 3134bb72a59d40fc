import { WAF_RULE_API, wafRuleSchema, type UpdateWafRule } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onWafRulesChanged } from './list-waf-rules';

export type UpdateWafRuleInput = UpdateWafRule & { id: string; groupName: string };

/**
 * PUT /api/waf-rules/:id {every setting but the name, version} → the rule; 409 VERSION_CONFLICT
 * when the version read is not the latest, 409 WAF_RULE_DEPLOYING while it deploys.
 */
export async function updateWafRule({ id, groupName: _group, ...input }: UpdateWafRuleInput) {
  return wafRuleSchema.parse(await api.put<unknown>(pathOf(WAF_RULE_API.rule, { id }), input));
}

export function useUpdateWafRule() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the list must show the newer version too.
  return useMutation({
    mutationFn: updateWafRule,
    onSettled: (_data, _error, input) => onWafRulesChanged(queryClient, input.groupName),
  });
}
