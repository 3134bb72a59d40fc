import type { Kysely } from 'kysely';
import {
  WAF_EXPORT_FORMAT,
  WAF_EXPORT_VERSION,
  planOf,
  planProblems,
  type ErrorCode,
  type ImportWafRules,
  type ImportWafRulesAnswer,
  type WafRulesFile,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import { writeItems } from '../../core/write-path.js';
import { findGroup } from '../groups/groups.repository.js';
import {
  namedItems,
  newWafRuleRow,
  ruleColumns,
  settingsOfRow,
  wafRuleKind,
  type CheckedRule,
  type WafRuleRow,
} from './waf-rules.kind.js';
import { countWafRules, findWafRulesByName, listGroupWafRuleRows } from './waf-rules.repository.js';
import { resolveRuleReferences } from './waf-rules.service.js';

/** Import and export of a group's rules as one JSON file (issue 12 item 9). */

/** Every rule of the group, by name, as the file import takes back. */
export async function exportWafRules(db: Kysely<Database>, groupName: string): Promise<WafRulesFile> {
  const rows = await listGroupWafRuleRows(db, groupName);
  return {
    format: WAF_EXPORT_FORMAT,
    version: WAF_EXPORT_VERSION,
    groupName,
    exportedAt: Date.now(),
    rules: rows.map((row) => ({ ruleName: row.rule_name, ...settingsOfRow(row) })),
  };
}

interface ImportPlan {
  creates: Array<{ row: WafRuleRow; checked: CheckedRule }>;
  updates: Array<{ before: WafRuleRow; patch: Partial<WafRuleRow>; checked: CheckedRule }>;
}

/** Problems by field path (`file.rules.<i>.<field>`), with what each message quotes (the rule's name...). */
class Problems {
  readonly fields: Record<string, string> = {};
  readonly fieldParams: Record<string, Record<string, string>> = {};

  /** The first problem of a field is the one reported. */
  add(path: string, code: string, params: Record<string, string>): void {
    if (this.fields[path] !== undefined) return;
    this.fields[path] = code;
    this.fieldParams[path] = params;
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  error(code: ErrorCode): AppError {
    return new AppError(code, this.fields, { details: { fieldParams: this.fieldParams } });
  }
}

/**
 * Checks the whole file against the group before anything changes, every problem at once,
 * each under its rule: a name the file repeats, a name the group has (unless overwriting),
 * what the plan refuses, a page or policy the group lacks, and the new rules past the room the
 * plan's quota leaves. Only when the file is good does a rule being deployed hold it back (409,
 * as a single save would be; trying again later helps with that, not with a bad file).
 */
async function planImport(db: Kysely<Database>, actor: string, call: ImportWafRules): Promise<ImportPlan> {
  const { groupName, overwrite, file } = call;
  const group = await findGroup(db, groupName);
  if (!group) throw new AppError('NOT_FOUND');
  const plan = planOf(group.plan);
  const existing = await findWafRulesByName(
    db,
    groupName,
    file.rules.map((rule) => rule.ruleName),
  );
  let room = plan.resourceLimits.maxWafRuleCount - (await countWafRules(db, groupName));
  const problems = new Problems();
  const deploying = new Problems();
  const out: ImportPlan = { creates: [], updates: [] };
  const seen = new Set<string>();
  // Rules naming the same pages and policy resolve alike; an import of many looks each up once.
  const resolved = new Map<string, ReturnType<typeof resolveRuleReferences>>();

  for (const [i, rule] of file.rules.entries()) {
    const { ruleName, ...settings } = rule;
    const report = (field: string, code: string, params: Record<string, string> = {}) =>
      problems.add(`file.rules.${i}.${field}`, code, { value: ruleName, ...params });

    for (const [field, code] of Object.entries(planProblems(settings, plan)))
      report(field, code, field === 'wafBucketTime' ? { max: String(plan.resourceLimits.blockPeriodMax) } : {});
    const key = JSON.stringify(namedItems(settings));
    const lookup = resolved.get(key) ?? resolveRuleReferences(db, groupName, settings);
    resolved.set(key, lookup);
    const references = await lookup;
    for (const [field, code] of Object.entries(references.fields)) report(field, code);
    const checked: CheckedRule = { targets: references.targets };

    if (seen.has(ruleName)) {
      report('ruleName', 'duplicate_entry');
      continue;
    }
    seen.add(ruleName);
    const before = existing.get(ruleName);
    if (before && !overwrite) report('ruleName', 'taken');
    else if (before) {
      if (before.status !== 'Running') deploying.add(`file.rules.${i}.ruleName`, 'deploying', { value: ruleName });
      out.updates.push({ before, patch: ruleColumns(settings), checked });
    } else {
      if (room <= 0) report('ruleName', 'over_quota');
      room -= 1;
      out.creates.push({ row: newWafRuleRow(groupName, ruleName, settings, actor), checked });
    }
  }
  if (!problems.empty) throw problems.error('VALIDATION_FAILED');
  if (!deploying.empty) throw deploying.error('WAF_RULE_DEPLOYING');
  return out;
}

/**
 * What a write refused because of a change made since the file was checked: a racing create
 * took a name or the last room, a save set a rule deploying or made the version stale.
 */
const RACED: ReadonlySet<ErrorCode> = new Set([
  'ALREADY_EXISTS',
  'NO_RULES_AVAILABLE',
  'QUOTA_EXCEEDED',
  'WAF_RULE_DEPLOYING',
  'VERSION_CONFLICT',
]);

/**
 * Imports a file into a group, all or nothing: checked whole first, then every create and
 * update in one transaction (each with its audit entry, references and deploy task). A write
 * that lost a race answers what checking the file again finds, per rule, as a caller arriving
 * a moment later would hear.
 */
export async function importWafRules(
  db: Kysely<Database>,
  actor: string,
  call: ImportWafRules,
): Promise<ImportWafRulesAnswer> {
  const { creates, updates } = await planImport(db, actor, call);
  try {
    const taskNos = await writeItems(db, wafRuleKind, { groupName: call.groupName, creates, updates, actor });
    return { created: creates.length, updated: updates.length, taskNos };
  } catch (error) {
    if (isAppError(error) && RACED.has(error.code)) await planImport(db, actor, call);
    throw error;
  }
}
