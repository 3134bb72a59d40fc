import type { Kysely } from 'kysely';
import {
  addressBytes,
  evaluateRules,
  parseRawRequest,
  type EvaluateWafRules,
  type EvaluatedRule,
  type RequestFacts,
  type WafEvaluation,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { findLineByName } from '../service-lines/service-lines.repository.js';
import { settingsOfLine } from '../service-lines/service-lines.kind.js';
import { settingsOfRow } from './waf-rules.kind.js';
import { findWafRulesByName } from './waf-rules.repository.js';

/**
 * The rule tester (issue 12 item 8): a group's rules, in a line's order or as the caller lists
 * them, with the rule being edited in place of its saved version, run through the one
 * evaluator against a request given as facts or pasted raw. Nothing is stored.
 */

type Problems = { fields: Record<string, string>; fieldParams: Record<string, Record<string, string>> };

/** Which rules, by name and switch, in order: the line's saved list, or the caller's, or none. */
async function entriesOf(
  db: Kysely<Database>,
  call: EvaluateWafRules,
): Promise<ReadonlyArray<{ value: string; isEnabled: boolean }>> {
  if (call.appProfileName) {
    const line = await findLineByName(db, call.groupName, call.appProfileName);
    if (!line) throw new AppError('NOT_FOUND');
    return settingsOfLine(line).usedWafRules;
  }
  return call.rules ?? [];
}

/**
 * The rules as the evaluator takes them. The draft stands in for the saved rule of its name,
 * keeping that entry's place and switch, or comes last, switched on, when the list lacks it
 * (a rule not saved yet, or not on the line yet).
 */
async function rulesOf(db: Kysely<Database>, call: EvaluateWafRules, problems: Problems): Promise<EvaluatedRule[]> {
  const entries = await entriesOf(db, call);
  const draft = call.draft;
  const saved = await findWafRulesByName(
    db,
    call.groupName,
    entries.map((entry) => entry.value).filter((name) => name !== draft?.ruleName),
  );
  const rules: EvaluatedRule[] = [];
  entries.forEach((entry, i) => {
    if (draft && entry.value === draft.ruleName) {
      rules.push({ ...draft, isEnabled: entry.isEnabled });
      return;
    }
    const row = saved.get(entry.value);
    if (!row) problems.fields[`rules.${i}.value`] = 'not_found';
    else rules.push({ ...settingsOfRow(row), ruleName: row.rule_name, isEnabled: entry.isEnabled });
  });
  if (draft && !entries.some((entry) => entry.value === draft.ruleName)) rules.push({ ...draft, isEnabled: true });
  return rules;
}

/**
 * The request: the facts given, with what a pasted raw request says (method, scheme, host,
 * URI, query, headers) over them. The client address and the edge's own facts (country, ISP,
 * proxy type, rate, OWASP flags) only come from the facts; the address must be one.
 */
function factsOf(call: EvaluateWafRules, problems: Problems): RequestFacts | undefined {
  const given = call.request;
  if (!given || given.clientIp === '') problems.fields['request.clientIp'] = 'required';
  else if (!addressBytes(given.clientIp)) problems.fields['request.clientIp'] = 'invalid';
  if (call.raw === undefined) return given;
  const parsed = parseRawRequest(call.raw);
  if (!parsed.ok) {
    problems.fields['raw'] = 'invalid_raw_request';
    problems.fieldParams['raw'] = { line: String(parsed.line) };
    return undefined;
  }
  return given && { ...given, ...parsed.facts };
}

/** Every problem of the call at once (unknown rules, the address, the raw request), or the evaluation. */
export async function evaluateForGroup(db: Kysely<Database>, call: EvaluateWafRules): Promise<WafEvaluation> {
  const problems: Problems = { fields: {}, fieldParams: {} };
  const rules = await rulesOf(db, call, problems);
  const facts = factsOf(call, problems);
  if (Object.keys(problems.fields).length > 0 || !facts) {
    const details = Object.keys(problems.fieldParams).length ? { details: { fieldParams: problems.fieldParams } } : {};
    throw new AppError('VALIDATION_FAILED', problems.fields, details);
  }
  return evaluateRules(rules, facts);
}
