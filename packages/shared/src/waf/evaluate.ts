import type { EvaluatedRule, RequestFacts, RuleTrace, WafEvaluation } from './model.js';
import { WAF_CONDITION_FIELDS, WAF_EXCLUSION_FIELDS } from './vocabulary.js';
import {
  compileConditions,
  compileExclusions,
  requestContext,
  type CompiledCondition,
  type CompiledExclusion,
  type RequestContext,
} from './conditions.js';
import { applyAction, compileAction, passOutcome, type CompiledAction } from './actions.js';

/**
 * The one firewall evaluator (issue 12 item 7; docs/waf-rules.md): a line's ordered rules and the
 * facts of a request → each rule's verdict and why, and the outcome the visitor gets. The rule
 * tester, the edge's conformance cases (cases.json) and the traffic simulator all answer through it.
 */

interface CompiledRule {
  ruleName: string;
  isEnabled: boolean;
  conditions: CompiledCondition[];
  exclusions: CompiledExclusion[];
  action: CompiledAction;
}

function compileRule(rule: EvaluatedRule): CompiledRule {
  return {
    ruleName: rule.ruleName,
    isEnabled: rule.isEnabled,
    conditions: compileConditions(rule, WAF_CONDITION_FIELDS),
    exclusions: compileExclusions(rule, WAF_EXCLUSION_FIELDS),
    action: compileAction(rule),
  };
}

/** A rule that was not judged (switched off on the line, or after the deciding rule). */
function unjudged(rule: CompiledRule, verdict: 'disabled' | 'not_reached'): RuleTrace {
  return {
    ruleName: rule.ruleName,
    action: rule.action.code,
    verdict,
    conditions: [],
    terminating: rule.action.terminating,
  };
}

/**
 * Judges one rule: every set condition is traced (all of them, so the tester can say why), the
 * rule matches when all hold, and then the first exclusion that holds spares the request.
 */
function judge(rule: CompiledRule, ctx: RequestContext): RuleTrace {
  let matched = true;
  const conditions = rule.conditions.map(({ field, edgeJudged, test }) => {
    const hit = test(ctx);
    if (!hit) matched = false;
    return hit?.value === undefined
      ? { field, matched: hit !== null, edgeJudged }
      : { field, matched: true, value: hit.value, edgeJudged };
  });
  const trace: RuleTrace = {
    ruleName: rule.ruleName,
    action: rule.action.code,
    verdict: matched ? 'matched' : 'not_matched',
    conditions,
    terminating: rule.action.terminating,
  };
  if (!matched) return trace;
  for (const { field, test } of rule.exclusions) {
    const hit = test(ctx);
    if (hit) return { ...trace, verdict: 'spared', sparedBy: { field, value: hit.value ?? '' } };
  }
  return trace;
}

/** Compiles a line's rules once (patterns, networks, header lines) and answers a judge of requests. */
export function compileRules(rules: readonly EvaluatedRule[]): (facts: RequestFacts) => WafEvaluation {
  const compiled = rules.map(compileRule);
  return (facts) => {
    const ctx = requestContext(facts);
    const outcome = passOutcome();
    const traces: RuleTrace[] = [];
    let decided = false;
    for (const rule of compiled) {
      // A rule switched off on the line says so even after the deciding rule.
      if (!rule.isEnabled) traces.push(unjudged(rule, 'disabled'));
      else if (decided) traces.push(unjudged(rule, 'not_reached'));
      else {
        const trace = judge(rule, ctx);
        traces.push(trace);
        if (trace.verdict === 'matched') decided = applyAction(rule.action, rule.ruleName, facts, outcome);
      }
    }
    return { rules: traces, outcome };
  };
}

/** One request against a line's rules (compile with `compileRules` to judge many). */
export function evaluateRules(rules: readonly EvaluatedRule[], facts: RequestFacts): WafEvaluation {
  return compileRules(rules)(facts);
}
