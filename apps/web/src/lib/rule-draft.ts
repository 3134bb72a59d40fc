import { wafRuleSettingsSchema, type WafRuleSettings } from '@parapet/shared';

/**
 * A firewall rule drafted elsewhere (the event log's "Create a rule from this event"), carried
 * to /firewall_rules in the router's location state; the rules page opens its create form with
 * it. Router state survives a reload and comes from history, so it is read through the schema.
 */
export type RuleDraft = Partial<WafRuleSettings>;

export interface RuleDraftState {
  ruleDraft: RuleDraft;
}

const draftSchema = wafRuleSettingsSchema.partial();

/** The draft in a location's state, or undefined when there is none or it is not one. */
export function readRuleDraft(state: unknown): RuleDraft | undefined {
  if (typeof state !== 'object' || state === null || !('ruleDraft' in state)) return undefined;
  const parsed = draftSchema.safeParse(state.ruleDraft);
  return parsed.success ? parsed.data : undefined;
}
