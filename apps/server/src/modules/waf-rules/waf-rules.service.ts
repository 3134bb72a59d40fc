import type { Kysely } from 'kysely';
import {
  planOf,
  planProblems,
  type CreateWafRule,
  type DeployEntity,
  type UpdateWafRule,
  type WafRule,
  type WafRuleListQuery,
  type WafRuleSettings,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { usersOf } from '../../core/references.repository.js';
import { createItem, deleteItem, updateItem } from '../../core/write-path.js';
import { findGroup } from '../groups/groups.repository.js';
import { findPageByName } from '../html-pages/html-pages.repository.js';
import { ensureDefaultPage } from '../html-pages/html-pages.service.js';
import { findPolicyIdsByName } from '../origin-policies/origin-policies.repository.js';
import {
  deepSearchValues,
  namedItems,
  newWafRuleRow,
  ruleColumns,
  settingsOfRow,
  wafRuleKind,
  type CheckedRule,
  type WafRuleRow,
} from './waf-rules.kind.js';
import { findWafRuleRow, listFilteredWafRuleRows, listWafRuleRows } from './waf-rules.repository.js';

export interface WafRuleContext {
  db: Kysely<Database>;
  actor: string;
}

export function toWafRule(row: WafRuleRow, usedBy: string[] = []): WafRule {
  return {
    ...settingsOfRow(row),
    id: row.id,
    groupName: row.group_name,
    ruleName: row.rule_name,
    status: row.status,
    lastError: row.last_error,
    usedBy,
    usageCount: usedBy.length,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Rules as the API shows them: with the lines whose rule lists hold them. */
export async function toWafRules(db: Kysely<Database>, rows: WafRuleRow[]): Promise<WafRule[]> {
  const users = await usersOf(
    db,
    'waf-rule',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWafRule(row, users.get(row.id)));
}

/**
 * The pages and policy a rule's action names, each checked to exist in its group: the found
 * ones as references, the missing ones as `not_found` under their field. The built-in
 * `default` page is made first if the group has never looked at its pages.
 */
export async function resolveRuleReferences(
  db: Kysely<Database>,
  groupName: string,
  settings: WafRuleSettings,
): Promise<{ targets: Array<{ entity: DeployEntity; id: string }>; fields: Record<string, string> }> {
  const targets: Array<{ entity: DeployEntity; id: string }> = [];
  const fields: Record<string, string> = {};
  const named = namedItems(settings);
  if (named.page) {
    await ensureDefaultPage(db, groupName);
    const page = await findPageByName(db, groupName, named.page.name);
    if (page) targets.push({ entity: 'html-page', id: page.id });
    else fields[named.page.field] = 'not_found';
  }
  if (named.policy !== undefined) {
    const id = (await findPolicyIdsByName(db, groupName, [named.policy])).get(named.policy);
    if (id) targets.push({ entity: 'origin-policy', id });
    else fields['wafOriginPolicyName'] = 'not_found';
  }
  return { targets, fields };
}

/** What the group's plan refuses in a rule, with the bound a too-long block period broke. */
interface PlanRefusal {
  fields: Record<string, string>;
  fieldParams: Record<string, Record<string, string>>;
}

async function planRefusal(db: Kysely<Database>, groupName: string, settings: WafRuleSettings): Promise<PlanRefusal> {
  const group = await findGroup(db, groupName);
  if (!group) throw new AppError('NOT_FOUND');
  const plan = planOf(group.plan);
  const fields = planProblems(settings, plan);
  const fieldParams: PlanRefusal['fieldParams'] = {};
  if (fields['wafBucketTime'] === 'too_big')
    fieldParams['wafBucketTime'] = { max: String(plan.resourceLimits.blockPeriodMax) };
  return { fields, fieldParams };
}

const refused = ({ fields, fieldParams }: PlanRefusal): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    fields,
    Object.keys(fieldParams).length > 0 ? { details: { fieldParams } } : undefined,
  );

/**
 * A rule's store checks, every problem reported at once: what the group's plan refuses (an
 * action it lacks, a block period over its bound, which the message quotes) and the pages and
 * policy its action names.
 */
async function checkRule(db: Kysely<Database>, groupName: string, settings: WafRuleSettings): Promise<CheckedRule> {
  const plan = await planRefusal(db, groupName, settings);
  const resolved = await resolveRuleReferences(db, groupName, settings);
  const fields = { ...plan.fields, ...resolved.fields };
  if (Object.keys(fields).length === 0) return { targets: resolved.targets };
  throw refused({ fields, fieldParams: plan.fieldParams });
}

/**
 * The save's plan checks for a rule not being saved (the dry run), its fields reported under
 * `at` as the request's body holds them. Names of pages and policy are left to the save: they
 * change nothing a dry run counts.
 */
export async function assertRuleInPlan(
  db: Kysely<Database>,
  groupName: string,
  settings: WafRuleSettings,
  at: string,
): Promise<void> {
  const { fields, fieldParams } = await planRefusal(db, groupName, settings);
  if (Object.keys(fields).length === 0) return;
  const under = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).map(([field, value]) => [`${at}${field}`, value]));
  throw refused({ fields: under(fields), fieldParams: under(fieldParams) });
}

/**
 * A page of the group's rules. A deep search also looks in the description and the values of
 * every condition, exclusion and the action's own fields, case-insensitively.
 */
export async function listWafRules(
  db: Kysely<Database>,
  q: WafRuleListQuery,
): Promise<{ items: WafRule[]; total: number }> {
  if (!q.deepSearch || !q.search) {
    const { rows, total } = await listWafRuleRows(db, q);
    return { items: await toWafRules(db, rows), total };
  }
  const needle = q.search.toLowerCase();
  const matches = (await listFilteredWafRuleRows(db, q)).filter((row) =>
    [row.rule_name, ...deepSearchValues(settingsOfRow(row))].some((value) => value.toLowerCase().includes(needle)),
  );
  const start = (q.page - 1) * q.pageSize;
  return { items: await toWafRules(db, matches.slice(start, start + q.pageSize)), total: matches.length };
}

async function answerOf(db: Kysely<Database>, id: string): Promise<WafRule> {
  const row = await findWafRuleRow(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [rule] = await toWafRules(db, [row]);
  if (!rule) throw new AppError('NOT_FOUND');
  return rule;
}

export async function createWafRule(ctx: WafRuleContext, input: CreateWafRule): Promise<WafRule> {
  const { groupName, ruleName, ...settings } = input;
  const row = newWafRuleRow(groupName, ruleName, settings, ctx.actor);
  const check = () => checkRule(ctx.db, groupName, settings);
  await createItem(ctx.db, wafRuleKind, { row, actor: ctx.actor, check });
  return answerOf(ctx.db, row.id);
}

/** Saves every field but the name (chosen at create) over the version that was read. */
export async function updateWafRule(ctx: WafRuleContext, before: WafRuleRow, input: UpdateWafRule): Promise<WafRule> {
  const { version, ...settings } = input;
  const check = () => checkRule(ctx.db, before.group_name, settings);
  await updateItem(ctx.db, wafRuleKind, { before, version, patch: ruleColumns(settings), actor: ctx.actor, check });
  return answerOf(ctx.db, before.id);
}

/** Deletes a rule no line uses; the edge drops it in a task. */
export async function deleteWafRule(ctx: WafRuleContext, row: WafRuleRow): Promise<void> {
  await deleteItem(ctx.db, wafRuleKind, { row, actor: ctx.actor });
}
