import {
  compileRules,
  eventReasonOf,
  eventRuleOf,
  parseRate,
  periodBlockReason,
  WAF_STATUS,
  type EvaluatedRule,
  type RequestFacts,
  type WafActionCode,
  type WafEvaluation,
} from '@parapet/shared';

/**
 * One line's firewall as the edge runs it (apps/server/edge/lua/parapet/access.lua, rules.lua;
 * docs/simulator.md, "Rates and period blocks"): the shared evaluator judges each request, with
 * the client's rate counted from the requests the simulator really made to the line, and a period
 * block (08) refusing the client's later requests until its time is up. The evaluator keeps no
 * state between requests; this does, so requests must come in time order for each client.
 */

export interface FirewallDecision {
  /** The deciding rule's code, `04` when only a log rule matched, '' for none. */
  action: WafActionCode | '';
  rule: string;
  reason: string;
  /** Refused, redirected, challenged or answered by a page: the request never reaches the origin. */
  stopped: boolean;
  /** The status the outcome implies when stopped. */
  status: number;
}

type Judge = (facts: RequestFacts) => WafEvaluation;

interface RateRule {
  index: number;
  requests: number;
  seconds: number;
}

interface PeriodRule {
  index: number;
  ruleName: string;
  blockSeconds: number;
}

/** The client's request times to the line within the longest window a rule counts over, oldest first. */
interface ClientHistory {
  times: number[];
  head: number;
}

/** A rate the evaluator cannot parse: its condition never holds (docs/waf-rules.md, "Conditions"). */
const NEVER_RATE = 'never';
/** The largest rate the request facts take (`requestFactsSchema`): every parsable rate condition holds. */
const ANY_RATE = 1e9;

/**
 * `count / seconds`, nudged down where floating point would round the product up, so that the
 * evaluator's `rate × seconds > n` holds exactly when `count > n`.
 */
export function ratePerSecond(count: number, seconds: number): number {
  let rate = count / seconds;
  while (rate * seconds > count) rate -= rate * Number.EPSILON;
  return rate;
}

export class LineFirewall {
  private readonly judge: Judge;
  private readonly rateRules: RateRule[] = [];
  /** The distinct windows the rate rules count over, in seconds, shortest first. */
  private readonly windows: number[];
  private readonly longestMs: number;
  private readonly periodRules: PeriodRule[] = [];
  private readonly history: Map<string, ClientHistory>;
  /** `rule|client` → the end of the client's block (epoch ms). */
  private readonly blockedUntil: Map<string, number>;
  /** With windows of more than one length: a judge for each set of rate conditions that hold. */
  private readonly variants = new Map<string, Judge>();

  /**
   * @param carried the line's firewall before its rules changed: its counts and blocks go on, as
   *   the edge's shared memory outlives a reload
   */
  constructor(
    private readonly rules: readonly EvaluatedRule[],
    carried?: LineFirewall,
  ) {
    this.judge = compileRules(rules);
    this.history = carried?.history ?? new Map();
    this.blockedUntil = carried?.blockedUntil ?? new Map();
    rules.forEach((rule, index) => {
      if (!rule.isEnabled) return;
      const rate = rule.wafRate === '' ? null : parseRate(rule.wafRate);
      if (rate) this.rateRules.push({ index, ...rate });
      if (rule.wafAction === '08')
        this.periodRules.push({ index, ruleName: rule.ruleName, blockSeconds: rule.wafBucketTime });
    });
    this.windows = [...new Set(this.rateRules.map((rule) => rule.seconds))].sort((a, b) => a - b);
    this.longestMs = (this.windows.at(-1) ?? 0) * 1000;
  }

  /**
   * Judges one request of `facts.clientIp` at `timestamp`, and counts it towards the client's
   * rate. Sets `facts.ratePerSecond` when the line's rules count a rate.
   */
  decide(facts: RequestFacts, timestamp: number): FirewallDecision {
    const evaluation = this.evaluate(facts, timestamp);
    const { outcome } = evaluation;
    // A client inside a block period is refused by that rule, unless a rule before it decides.
    const decidedAt =
      this.periodRules.length === 0 || outcome.finalRule === null ? this.rules.length : this.indexOf(outcome.finalRule);
    for (const period of this.periodRules) {
      if (period.index >= decidedAt) break;
      const until = this.blockedUntil.get(`${period.ruleName}|${facts.clientIp}`);
      if (until !== undefined && until > timestamp) {
        return {
          action: '08',
          rule: period.ruleName,
          reason: periodBlockReason(period.blockSeconds),
          stopped: true,
          status: WAF_STATUS.refused,
        };
      }
    }
    if (outcome.finalAction === '08' && outcome.blockSeconds !== undefined) {
      // As the edge's `add`: a request refused during the block does not make it last longer.
      const key = `${outcome.finalRule}|${facts.clientIp}`;
      if ((this.blockedUntil.get(key) ?? -Infinity) <= timestamp)
        this.blockedUntil.set(key, timestamp + outcome.blockSeconds * 1000);
    }
    const action = outcome.finalAction ?? (outcome.logged.length > 0 ? '04' : '');
    return {
      action,
      rule: eventRuleOf(evaluation),
      reason: action === '' ? '' : eventReasonOf(evaluation),
      stopped: outcome.kind !== 'pass',
      status: outcome.status,
    };
  }

  private indexOf(ruleName: string): number {
    const index = this.rules.findIndex((rule) => rule.ruleName === ruleName);
    return index === -1 ? this.rules.length : index;
  }

  private evaluate(facts: RequestFacts, timestamp: number): WafEvaluation {
    if (this.windows.length === 0) return this.judge(facts);
    const history = this.record(facts.clientIp, timestamp);
    if (this.windows.length === 1) {
      const seconds = this.windows[0]!;
      const rate = ratePerSecond(this.countSince(history, timestamp - seconds * 1000), seconds);
      facts.ratePerSecond = rate;
      return this.judge(facts);
    }
    // One rate fact cannot stand for windows of different lengths: each rate condition is decided
    // from its own window's count, and the evaluator gets rules whose failing ones never hold.
    const counts = new Map(this.windows.map((s) => [s, this.countSince(history, timestamp - s * 1000)]));
    const held = this.rateRules.map((rule) => (counts.get(rule.seconds)! > rule.requests ? '1' : '0')).join('');
    let judge = this.variants.get(held);
    if (!judge) {
      const failing = new Set(this.rateRules.filter((_, i) => held[i] === '0').map((rule) => rule.index));
      judge = compileRules(this.rules.map((rule, i) => (failing.has(i) ? { ...rule, wafRate: NEVER_RATE } : rule)));
      this.variants.set(held, judge);
    }
    facts.ratePerSecond = ANY_RATE;
    return judge(facts);
  }

  /** Adds the request to its client's history (the edge counts every request, whatever decides it). */
  private record(clientIp: string, timestamp: number): ClientHistory {
    let history = this.history.get(clientIp);
    if (!history) {
      history = { times: [], head: 0 };
      this.history.set(clientIp, history);
    }
    const { times } = history;
    // Two kinds of client can share an address by chance; keep the times in order all the same.
    let at = times.length;
    while (at > history.head && times[at - 1]! > timestamp) at -= 1;
    if (at === times.length) times.push(timestamp);
    else times.splice(at, 0, timestamp);
    const oldest = timestamp - this.longestMs;
    while (history.head < times.length && times[history.head]! <= oldest) history.head += 1;
    if (history.head > 64 && history.head * 2 > times.length) {
      history.times = times.slice(history.head);
      history.head = 0;
    }
    return history;
  }

  /** The client's requests after `after`, up to now: the window (after, now]. */
  private countSince(history: ClientHistory, after: number): number {
    const { times } = history;
    let low = history.head;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (times[middle]! > after) high = middle;
      else low = middle + 1;
    }
    return times.length - low;
  }
}
