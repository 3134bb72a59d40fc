import {
  WAF_RULE_API,
  wafEvaluationSchema,
  type EvaluateWafRules,
  type RequestFactsInput,
  type WafEvaluation,
} from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The tester's call as sent: defaults of the request facts may be left out. */
export type RuleTestBody = Omit<EvaluateWafRules, 'request'> & { request?: RequestFactsInput };

/**
 * POST /api/waf-rules/evaluate → every rule in order with its verdict and why, and what the
 * visitor would get. Nothing is saved or deployed: it is a question, so nothing is invalidated.
 */
export async function runRuleTest(body: RuleTestBody): Promise<WafEvaluation> {
  return wafEvaluationSchema.parse(await api.post<unknown>(WAF_RULE_API.evaluate, body));
}

export function useRuleTest() {
  return useMutation({ mutationFn: runRuleTest });
}
