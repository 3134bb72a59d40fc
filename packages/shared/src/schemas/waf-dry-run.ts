import { z } from 'zod';
import { text } from './text.js';
import { wafRuleSettingsSchema, withRuleChecks } from './waf-rules.js';
import { WAF_DRY_RUN_UNJUDGED_FIELDS } from '../waf/event-facts.js';

/**
 * The rule dry run (issue 13 item 6; docs/waf-rules.md "Dry run"): how many of a group's
 * requests of the last hours a rule being written would have matched, judged by the one
 * evaluator over the stored events. Nothing is saved or deployed.
 */

/** How far back a dry run looks. */
export const WAF_DRY_RUN_HOURS = 24;
export const WAF_DRY_RUN_RANGE_MS = WAF_DRY_RUN_HOURS * 60 * 60_000;
/**
 * The most events one dry run judges. Past it, it judges an even sample across the range and
 * says so. Reading stored events back costs about 50 µs each on the embedded store (measured on
 * this 2-core machine: 50,000 took 5.2 s), so 20,000 keeps an answer near 2 s, and a sample
 * that size puts a rule's share within ±0.7 points (95%) of the whole range's.
 */
export const WAF_DRY_RUN_EXAMINE_MAX = 20_000;

/**
 * The rule as the form holds it: every setting, checked as a save checks it (one condition at
 * least, the rate's format, what the action needs). The name plays no part and may be left out.
 */
export const wafDryRunSchema = z
  .object({
    groupName: text().min(1).max(64),
    rule: withRuleChecks(wafRuleSettingsSchema),
  })
  .meta({ id: 'WafDryRun' });
export type WafDryRun = z.infer<typeof wafDryRunSchema>;
export type WafDryRunInput = z.input<typeof wafDryRunSchema>;

export const wafDryRunAnswerSchema = z
  .object({
    /** Requests the rule matched (an exclusion sparing one does not count). */
    matched: z.number().int().nonnegative(),
    /** Requests judged: all in the range, or the sample when `sampled`. */
    examined: z.number().int().nonnegative(),
    /** Requests the group had in the range. */
    totalInRange: z.number().int().nonnegative(),
    /** True when `examined` is a sample spread over the range, not every request. */
    sampled: z.boolean(),
    /** The range judged, epoch ms, `from` inclusive and `to` exclusive. */
    from: z.number().int(),
    to: z.number().int(),
    /**
     * The parts of the rule stored events cannot judge. Conditions among them were left out,
     * so `matched` is the most the rule could have matched.
     */
    unjudged: z.array(z.enum(WAF_DRY_RUN_UNJUDGED_FIELDS)),
  })
  .meta({ id: 'WafDryRunAnswer' });
export type WafDryRunAnswer = z.infer<typeof wafDryRunAnswerSchema>;
