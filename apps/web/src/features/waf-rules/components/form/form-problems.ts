import {
  BLOCK_PERIOD_MIN,
  planProblems,
  SPEED_LIMIT_MAX,
  SPEED_LIMIT_MIN,
  WAF_PRE_SSL_DENY_THRESHOLD_MAX,
  wafRuleInputSchema,
  type PlanSpec,
} from '@parapet/shared';
import type { NumberRange } from '@/lib/form-rules';
import { toFieldErrorCode } from '@/lib/form-errors';
import { lineOfEntry, TEXT_LIST_FIELDS, toRuleInput, type RuleFormValues, type TextListField } from './form-values';

/** What the form needs of the group's plan: its actions and the longest block period. */
export type RulePlan = Pick<PlanSpec, 'wafActions' | 'resourceLimits'>;

/**
 * One problem of the form, on the field that shows it: a list field's entry names its line in
 * the text area, a country its code. `conditions` is the form's own message (no condition set).
 */
export interface RuleProblem {
  field: string;
  code: string;
  line?: number;
  value?: string;
}

/** The number boxes and their ranges; the block period's end is the plan's. */
export function numberRange(field: string, blockPeriodMax: number): NumberRange | undefined {
  if (field === 'wafSpeedLimit') return { min: SPEED_LIMIT_MIN, max: SPEED_LIMIT_MAX };
  if (field === 'wafBucketTime') return { min: BLOCK_PERIOD_MIN, max: blockPeriodMax };
  if (field === 'wafBucketPreSslDenyThreshold') return { min: 1, max: WAF_PRE_SSL_DENY_THRESHOLD_MAX };
  return undefined;
}

const isTextList = (field: string): field is TextListField => (TEXT_LIST_FIELDS as readonly string[]).includes(field);

/**
 * A problem at a path of the rule (a schema issue's, or a server answer's `wafIp.3`): an entry
 * of a text area is told by its line, counted with the blank lines the sent list left out.
 */
export function problemAt(path: readonly PropertyKey[], code: string, values: RuleFormValues): RuleProblem {
  const [head, index] = path;
  const field = String(head);
  const entry = index === undefined ? undefined : Number(index);
  if (entry === undefined || Number.isNaN(entry)) return { field, code };
  if (isTextList(field)) return { field, code, line: lineOfEntry(values[field], entry) };
  if (field === 'wafCountry') return { field, code, value: values.wafCountry[entry] };
  return { field, code };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Every problem of the form as the server would see the rule it sends: the shared schema with
 * its checks across fields, the plan's refusals, and the "Source Country" switch on with no
 * country chosen.
 */
export function ruleFormProblems(values: RuleFormValues, plan: RulePlan | undefined): RuleProblem[] {
  const input = toRuleInput(values);
  const problems: RuleProblem[] = [];
  const result = wafRuleInputSchema.safeParse(input);
  if (!result.success)
    for (const issue of result.error.issues) {
      const value = issue.path.reduce<unknown>(
        (at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined),
        input,
      );
      // Refinements carry their code as the message; an empty field is "required" whatever else it broke.
      const code = issue.code === 'custom' ? issue.message : isEmpty(value) ? 'required' : issue.code;
      problems.push(problemAt(issue.path, toFieldErrorCode(code), values));
    }
  if (values.countryOn && input.wafCountry.length === 0) problems.push({ field: 'wafCountry', code: 'required' });
  if (plan) for (const [field, code] of Object.entries(planProblems(input, plan))) problems.push({ field, code });
  return problems;
}
