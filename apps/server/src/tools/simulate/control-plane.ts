import type { Kysely } from 'kysely';
import type { EvaluatedRule } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { settingsOfLine } from '../../modules/service-lines/service-lines.kind.js';
import { settingsOfRow } from '../../modules/waf-rules/waf-rules.kind.js';
import { findWafRulesByName } from '../../modules/waf-rules/waf-rules.repository.js';
import type { SimulatedLine } from './traffic-generator.js';

/** A line as the control plane has it: what the generator needs, and its group's plan. */
export interface ControlPlaneLine extends SimulatedLine {
  /** The plan of the line's group: how far back the group keeps events. */
  plan: string;
}

/**
 * Every service line with its domains and its rules in the line's order and switches, read from
 * the control plane the server uses. A rule name the group no longer has is skipped, as the
 * publisher does. Ordered by group and name, so the same store gives the same list (and the
 * same seeded traffic).
 */
export async function loadSimulatedLines(db: Kysely<Database>): Promise<ControlPlaneLine[]> {
  const rows = await db
    .selectFrom('service_lines')
    .innerJoin('groups', 'groups.name', 'service_lines.group_name')
    .select(['service_lines.group_name', 'service_lines.app_profile_name', 'service_lines.settings', 'groups.plan'])
    .orderBy('service_lines.group_name')
    .orderBy('service_lines.app_profile_name')
    .execute();
  const lines: ControlPlaneLine[] = [];
  for (const row of rows) {
    const settings = settingsOfLine(row);
    const used = settings.usedWafRules;
    const saved = await findWafRulesByName(
      db,
      row.group_name,
      used.map((entry) => entry.value),
    );
    const rules: EvaluatedRule[] = used.flatMap((entry) => {
      const rule = saved.get(entry.value);
      return rule ? [{ ...settingsOfRow(rule), ruleName: rule.rule_name, isEnabled: entry.isEnabled }] : [];
    });
    lines.push({
      groupName: row.group_name,
      customerPackage: settings.customerPackage,
      lineName: row.app_profile_name,
      domains: settings.servername,
      rules,
      plan: row.plan,
    });
  }
  return lines;
}
