import { WAF_RULE_API, wafRuleSchema, type WafRule } from '@parapet/shared';
import { api, pathOf } from '@/lib/api-client';

/** GET /api/waf-rules/:id → the rule as stored now: what an edit form reloads after a version conflict. */
export async function getWafRule(id: string, signal?: AbortSignal): Promise<WafRule> {
  return wafRuleSchema.parse(await api.get<unknown>(pathOf(WAF_RULE_API.rule, { id }), { signal }));
}
