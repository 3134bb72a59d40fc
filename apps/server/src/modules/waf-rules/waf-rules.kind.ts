import type { Selectable } from 'kysely';
import {
  WAF_ACTION_FIELDS,
  WAF_CONDITION_FIELDS,
  WAF_EXCLUSION_FIELDS,
  wafRuleSettingsSchema,
  type DeployEntity,
  type WafRuleSettings,
} from '@parapet/shared';
import type { WafRulesTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { setReferences } from '../../core/references.repository.js';
import type { DeployedKind } from '../../core/registry.js';
import { wafRulePublisher } from './waf-rules.publisher.js';
import { countWafRules } from './waf-rules.repository.js';

export type WafRuleRow = Selectable<WafRulesTable>;

/** What a rule's store checks found: the pages and policy its action uses, by id. */
export interface CheckedRule {
  targets: Array<{ entity: DeployEntity; id: string }>;
}

/** Every field of a rule but its name: the JSON column holds all but the description and action. */
export const settingsOfRow = (row: Pick<WafRuleRow, 'settings' | 'description' | 'waf_action'>): WafRuleSettings =>
  wafRuleSettingsSchema.parse({
    ...(JSON.parse(row.settings) as object),
    description: row.description,
    wafAction: row.waf_action,
  });

/** The stored columns of a rule's settings (a new row, or an update's patch). */
export function ruleColumns(settings: WafRuleSettings): Pick<WafRuleRow, 'description' | 'waf_action' | 'settings'> {
  const { description, wafAction, ...rest } = settings;
  return { description, waf_action: wafAction, settings: JSON.stringify(rest) };
}

/** A new rule's row, Deploying until its first task ends. */
export function newWafRuleRow(
  groupName: string,
  ruleName: string,
  settings: WafRuleSettings,
  actor: string,
): WafRuleRow {
  const now = Date.now();
  return {
    id: newId(),
    group_name: groupName,
    rule_name: ruleName,
    ...ruleColumns(settings),
    status: 'Deploying',
    last_error: null,
    created_by: actor,
    created_at: now,
    updated_at: now,
    version: 1,
  };
}

/**
 * The items of the group a rule's chosen action names (ARCHITECTURE §6): the deny page of
 * deny (01) and block period (08), the custom page of 12, the origin policy of 13. Fields of
 * other actions are kept but unused, so they name nothing.
 */
export function namedItems(settings: WafRuleSettings): { page?: { field: string; name: string }; policy?: string } {
  switch (settings.wafAction) {
    case '01':
    case '08':
      return { page: { field: 'wafDenyHtmlPageName', name: settings.wafDenyHtmlPageName } };
    case '12':
      return { page: { field: 'wafCustomHtmlPageName', name: settings.wafCustomHtmlPageName } };
    case '13':
      return { policy: settings.wafOriginPolicyName };
    default:
      return {};
  }
}

/**
 * What a deep search looks in: the description, every condition and exclusion, and the fields
 * of the rule's own action (not the unused defaults of other actions, nor the field names).
 */
export function deepSearchValues(settings: WafRuleSettings): string[] {
  const fields = [...WAF_CONDITION_FIELDS, ...WAF_EXCLUSION_FIELDS, ...WAF_ACTION_FIELDS[settings.wafAction]];
  const values: string[] = [settings.description];
  for (const field of fields) {
    const value = settings[field];
    if (Array.isArray(value)) values.push(...value.map(String));
    else if (typeof value === 'string' || typeof value === 'number') values.push(String(value));
  }
  return values;
}

/** Firewall rules as a deployed kind (see docs/deployed-kinds.md). */
export const wafRuleKind: DeployedKind<WafRuleRow, CheckedRule> = {
  entity: 'waf-rule',
  table: 'waf_rules',
  nameColumn: 'rule_name',
  nameField: 'ruleName',
  deployingCode: 'WAF_RULE_DEPLOYING',
  quota: { limit: 'maxWafRuleCount', count: countWafRules, error: 'NO_RULES_AVAILABLE' },
  publisher: wafRulePublisher,
  nameOf: (row) => row.rule_name,
  // The rule's API fields but its id and status.
  auditView: (row) => ({ ruleName: row.rule_name, ...settingsOfRow(row) }),
  hooks: {
    // The pages and policy the rule uses, so they cannot be deleted under it.
    async written(trx, row, _before, checked) {
      await setReferences(
        trx,
        { groupName: row.group_name, entity: 'waf-rule', id: row.id, name: row.rule_name },
        checked.targets,
      );
    },
  },
};
