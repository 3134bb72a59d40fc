import { WAF_RULE_API, wafDryRunAnswerSchema, type WafDryRunAnswer, type WafDryRunInput } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/waf-rules/dry-run {groupName, rule} → how many of the group's requests of the last
 * 24 hours the rule would have matched. A question: nothing is saved, so nothing is invalidated.
 */
export async function dryRunWafRule(body: WafDryRunInput): Promise<WafDryRunAnswer> {
  return wafDryRunAnswerSchema.parse(await api.post<unknown>(WAF_RULE_API.dryRun, body));
}

export function useDryRunWafRule() {
  return useMutation({ mutationFn: dryRunWafRule });
}
