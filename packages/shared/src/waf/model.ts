import { z } from 'zod';
import { text } from '../schemas/text.js';
import { usedWafRuleSchema } from '../schemas/service-lines.js';
import { wafRuleInputSchema, type WafRuleSettings } from '../schemas/waf-rules.js';
import {
  WAF_ACTION_CODES,
  WAF_CONDITION_FIELDS,
  WAF_EXCLUSION_FIELDS,
  WAF_OWASP_CATEGORIES,
  WAF_PROXY_TYPES,
} from './vocabulary.js';

/**
 * What the one evaluator (evaluate.ts) reads and answers: the facts of a request as the edge
 * knows them, and for each rule of a line whether it matched and why, with the outcome the
 * visitor gets. The rule tester's API, the edge's conformance table and the traffic simulator
 * all use these shapes.
 */

export const requestFactsSchema = z
  .object({
    method: text().trim().min(1).max(16).default('GET'),
    scheme: z.enum(['http', 'https']).default('https'),
    host: text().trim().max(253).default(''),
    /** The path, without the query string, as the edge normalises it (`$uri`). */
    uri: text().max(8192).default('/'),
    /** The query string without its `?`. */
    args: text().max(8192).default(''),
    /** Request headers by lower-case name. */
    headers: z.record(text().max(256), text().max(8192)).default({}),
    clientIp: text().trim().max(64),
    /** ISO code from the edge's GeoIP lookup; absent when unknown. */
    country: text().trim().max(2).optional(),
    isp: text().trim().max(256).optional(),
    proxyType: z.enum(WAF_PROXY_TYPES).optional(),
    /** The client's recent requests a second, as the edge counts them. */
    ratePerSecond: z.number().min(0).max(1e9).optional(),
    /** Categories CRS flagged on this request. */
    owasp: z.array(z.enum(WAF_OWASP_CATEGORIES)).default([]),
  })
  .meta({ id: 'RequestFacts' });
export type RequestFacts = z.infer<typeof requestFactsSchema>;
export type RequestFactsInput = z.input<typeof requestFactsSchema>;

/** A rule as the evaluator takes it: its settings, its name, and whether the line has it switched on. */
export interface EvaluatedRule extends WafRuleSettings {
  ruleName: string;
  isEnabled: boolean;
}

const conditionTraceSchema = z.object({
  field: z.enum(WAF_CONDITION_FIELDS),
  matched: z.boolean(),
  /** The entry that matched (a network, a pattern, a country...), when one did. */
  value: text().optional(),
  /** Judged from a fact only the edge knows for sure (the tester used the value typed in). */
  edgeJudged: z.boolean(),
});

export const ruleTraceSchema = z.object({
  ruleName: text(),
  action: z.enum(WAF_ACTION_CODES),
  /**
   * `matched`: every condition held and no exclusion spared it; `not_matched`; `spared` by an
   * exclusion; `disabled` on this line; `not_reached` because an earlier rule ended evaluation.
   */
  verdict: z.enum(['matched', 'not_matched', 'spared', 'disabled', 'not_reached']),
  conditions: z.array(conditionTraceSchema),
  /** The exclusion that spared the request, and the entry that did it. */
  sparedBy: z.object({ field: z.enum(WAF_EXCLUSION_FIELDS), value: text() }).optional(),
  terminating: z.boolean(),
});
export type RuleTrace = z.infer<typeof ruleTraceSchema>;

export const WAF_OUTCOME_KINDS = ['pass', 'deny', 'block', 'redirect', 'page', 'challenge'] as const;
export type WafOutcomeKind = (typeof WAF_OUTCOME_KINDS)[number];

const headerSchema = z.object({ name: text(), value: text() });

export const wafOutcomeSchema = z.object({
  /** pass: to the origin; deny/block: the deny page; redirect; page: a custom page; challenge: a human check. */
  kind: z.enum(WAF_OUTCOME_KINDS),
  /** The status the visitor sees; a pass is the origin's own (200 shown). */
  status: z.number().int(),
  /** The HTML page served (deny, block, custom page). */
  page: text().optional(),
  location: text().optional(),
  /** Seconds a block lasts (period action). */
  blockSeconds: z.number().int().optional(),
  /** KB/s the response is held to (speed action). */
  speedLimit: z.number().int().optional(),
  /** The origin policy the request goes to instead of the line's origins. */
  originPolicy: text().optional(),
  requestHeaders: z.array(headerSchema),
  responseHeaders: z.array(headerSchema),
  /** Rules whose match was logged (log, log only, and the final rule). */
  logged: z.array(text()),
  /** The rule whose action decided, null when none did (the request passes). */
  finalRule: text().nullable(),
  finalAction: z.enum(WAF_ACTION_CODES).nullable(),
});
export type WafOutcome = z.infer<typeof wafOutcomeSchema>;

export const wafEvaluationSchema = z
  .object({ rules: z.array(ruleTraceSchema), outcome: wafOutcomeSchema })
  .meta({ id: 'WafEvaluation' });
export type WafEvaluation = z.infer<typeof wafEvaluationSchema>;

/**
 * The tester's call: the rules to try, in order (a line's saved list, or a list as the line's
 * tab holds it before saving, or one rule), with a rule being edited in place of its saved
 * version, against a request given as facts or as a raw HTTP request.
 */
export const evaluateWafRulesSchema = z
  .object({
    groupName: text().min(1).max(64),
    /** A line whose saved, ordered rules to use. */
    appProfileName: text().max(64).optional(),
    /** Rules by name, in order (used when no line is named). */
    rules: z.array(usedWafRuleSchema).max(500).optional(),
    /** A rule as the form holds it, used instead of the saved rule of its name (or added last). */
    draft: wafRuleInputSchema.optional(),
    request: requestFactsSchema.optional(),
    /** A pasted raw HTTP/1.1 request; the client IP and the edge's facts come from `request`. */
    raw: text().max(65536).optional(),
  })
  .meta({ id: 'EvaluateWafRules' });
export type EvaluateWafRules = z.infer<typeof evaluateWafRulesSchema>;
