import { z } from 'zod';
import { text } from '../schemas/text.js';
import { wafRuleInputSchema, wafRuleSettingsSchema } from '../schemas/waf-rules.js';
import { requestFactsSchema, ruleTraceSchema, wafOutcomeSchema, type EvaluatedRule } from './model.js';

/**
 * The shape of cases.json, the evaluator's case table: each case a line of rules in order, the
 * facts of one request, and what must come out (each rule's verdict and why, and the outcome).
 * The evaluator's tests run every case; the edge's tests replay the same file through nginx, so
 * a case holds everything it needs: its rules inline or by name from the file's `rules` map.
 */

/**
 * A rule of the map: the settings it sets (the rule schema's defaults fill the rest), named by its
 * key. Strict, so a misspelt field fails the table instead of silently taking its default.
 */
const namedRuleSchema = wafRuleSettingsSchema.partial().strict();
const inlineRuleSchema = namedRuleSchema.extend({ ruleName: text() }).strict();

/** A place on the line: a rule of the map by name, or `{ rule, isEnabled }` with the rule by name or inline. */
const lineEntrySchema = z.union([
  text(),
  z.object({ rule: z.union([text(), inlineRuleSchema]), isEnabled: z.boolean().default(true) }).strict(),
]);

/** What a rule's trace must show: its verdict, and when given the conditions traced and the exclusion that spared it. */
const expectedTraceSchema = ruleTraceSchema
  .pick({ ruleName: true, verdict: true, sparedBy: true })
  .extend({ conditions: ruleTraceSchema.shape.conditions.optional() });

export const wafCaseSchema = z.object({
  name: text().min(1),
  /** Why the case exists, in a sentence, when its name does not say it all. */
  about: text().optional(),
  line: z.array(lineEntrySchema),
  request: requestFactsSchema,
  expect: z.object({ rules: z.array(expectedTraceSchema), outcome: wafOutcomeSchema }),
});
export type WafCase = z.infer<typeof wafCaseSchema>;

export const wafCasesFileSchema = z.object({
  about: text(),
  rules: z.record(text(), namedRuleSchema),
  cases: z.array(wafCaseSchema),
});
export type WafCasesFile = z.infer<typeof wafCasesFileSchema>;

/**
 * A case's line as the evaluator takes it: each rule read through the rule schema (defaults
 * applied, every format and cross-field check run, so a case can never hold a rule the console
 * would refuse).
 */
export function caseLine(file: WafCasesFile, testCase: WafCase): EvaluatedRule[] {
  return testCase.line.map((entry) => {
    const { rule, isEnabled } = typeof entry === 'string' ? { rule: entry, isEnabled: true } : entry;
    if (typeof rule === 'string' && !file.rules[rule]) throw new Error(`case "${testCase.name}": no rule "${rule}"`);
    const input = typeof rule === 'string' ? { ...file.rules[rule], ruleName: rule } : rule;
    return { ...wafRuleInputSchema.parse(input), isEnabled };
  });
}
