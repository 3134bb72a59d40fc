import {
  caseLine,
  classifyAddress,
  evaluateRules,
  eventReasonOf,
  eventRuleOf,
  periodBlockReason,
  type EvaluatedRule,
  type RequestFacts,
  type WafCase,
  type WafCasesFile,
  type WafEvaluation,
  type WafOutcome,
  type WafOwaspCategory,
} from '@parapet/shared';
import type { CountryNetwork, IspNetwork } from './fixtures/mmdb-writer.js';

/**
 * How each case of the evaluator's table (cases.json) is replayed through the edge
 * (docs/edge-conformance.md): its line, the request as bytes, and the facts only the edge knows
 * turned into something the edge can see (a GeoIP entry, requests sent before, a CRS probe).
 */
export interface CasePlan {
  testCase: WafCase;
  line: EvaluatedRule[];
  /**
   * Cases with the same rules share a line (one deploy task each line costs about a second),
   * each case on a domain of its own; a line with a rate rule is one case's, as the edge counts
   * a client's requests per line.
   */
  lineKey: string;
  /** The case's domain on its line, and the request's Host. */
  host: string;
  https: boolean;
  method: string;
  target: string;
  headers: Record<string, string>;
  /** The client address the edge is told (X-Forwarded-For from a trusted proxy). */
  clientIp: string;
  /** Requests sent first from the same client, so the edge counts the case's rate. */
  before: number;
  /** The facts as sent, judged by the evaluator: what the edge must answer. */
  expected: WafOutcome;
  /** The rule and reason the edge's event must name (packages/shared/src/waf/event-reason.ts). */
  rule: string;
  reason: string;
  /** The case's own outcome with its host replaced by the one sent, to check the replay kept the case's meaning. */
  caseOutcome: WafOutcome;
}

/** What makes CRS flag each category the table uses, added to the case's request. */
const PROBES: Partial<Record<WafOwaspCategory, { args?: string; headers?: Record<string, string> }>> = {
  '35000_user_agent': { headers: { 'user-agent': 'Nikto/2.1.6' } },
  '41000_sqli': { args: "id=1'%20OR%20'1'='1" },
  '42000_xss': { args: 'q=%3Cscript%3Ealert(1)%3C/script%3E' },
};

/** What the edge's GeoIP databases must say of the case addresses. */
export interface CaseNetworks {
  countries: CountryNetwork[];
  isps: IspNetwork[];
}

/**
 * Client addresses: the table uses one address with several countries and ISPs (and with
 * none), and a documentation address (203.0.113.5) for them, of which the edge reads neither,
 * as it reads none for an address that is not public. A case with a country or an ISP whose
 * address is not public, or does not always have them, gets a public address of its own
 * (11.64.n.1), which the test databases then give that country and ISP.
 */
function addresses(cases: readonly WafCase[]): { ipOf: (c: WafCase) => string } & CaseNetworks {
  const facts = ({ request }: WafCase) => JSON.stringify([request.country ?? '', request.isp ?? '']);
  const seen = new Map<string, Set<string>>();
  for (const testCase of cases) {
    const set = seen.get(testCase.request.clientIp) ?? new Set<string>();
    set.add(facts(testCase));
    seen.set(testCase.request.clientIp, set);
  }
  const own = new Map<string, string>();
  const networks: CaseNetworks = { countries: [], isps: [] };
  const single = (ip: string) => (ip.includes(':') ? `${ip}/128` : `${ip}/32`);
  const give = (ip: string, key: string) => {
    const [country, isp] = JSON.parse(key) as [string, string];
    if (country) networks.countries.push({ network: single(ip), country });
    if (isp) networks.isps.push({ network: single(ip), isp });
  };
  for (const [ip, set] of seen) {
    if (set.size === 1 && classifyAddress(ip) === 'public') {
      give(ip, [...set][0]!);
      continue;
    }
    for (const key of set) {
      if (key === JSON.stringify(['', ''])) continue;
      const substitute = `11.64.${own.size + 1}.1`;
      own.set(`${ip}|${key}`, substitute);
      give(substitute, key);
    }
  }
  const ipOf = (testCase: WafCase) =>
    own.get(`${testCase.request.clientIp}|${facts(testCase)}`) ?? testCase.request.clientIp;
  return { ipOf, ...networks };
}

/** Requests to send so the client's count over the rate rule's window is the case's rate. */
function requestsBefore(line: readonly EvaluatedRule[], ratePerSecond: number | undefined): number {
  const rule = line.find((r) => r.isEnabled && r.wafRate);
  if (!rule || !ratePerSecond) return 0;
  const [n, seconds] = rule.wafRate.split('/').map(Number) as [number, number];
  // Past n + 10 the answer cannot change (the block holds), and the margin covers the sliding
  // window's decay should the requests straddle two of its buckets.
  return Math.min(Math.floor(ratePerSecond * seconds), n + 10) - 1;
}

/**
 * The reason the edge logs for the case's own request. When the requests sent before it already
 * went over a period rule's rate, one of them started the block, and the case's request is
 * refused for the block rather than for its rate, as the simulator says too (line-firewall.ts).
 */
function reasonLogged(line: readonly EvaluatedRule[], evaluation: WafEvaluation, before: number): string {
  const { finalAction, finalRule, blockSeconds } = evaluation.outcome;
  const rule = line.find((r) => r.ruleName === finalRule);
  if (finalAction === '08' && rule?.wafRate && blockSeconds !== undefined) {
    const [n] = rule.wafRate.split('/').map(Number) as [number];
    if (before > n) return periodBlockReason(blockSeconds);
  }
  return eventReasonOf(evaluation);
}

export function planCases(file: WafCasesFile): { plans: CasePlan[] } & CaseNetworks {
  const { ipOf, countries, isps } = addresses(file.cases);
  const plans = file.cases.map((testCase, index): CasePlan => {
    const { request } = testCase;
    const line = caseLine(file, testCase);
    const host = request.headers.host ?? `case-${index}.conformance.test`;
    let args = request.args;
    const headers: Record<string, string> = { ...request.headers };
    delete headers.host;
    for (const category of request.owasp) {
      const probe = PROBES[category];
      if (!probe) throw new Error(`case "${testCase.name}": no CRS probe for ${category}`);
      if (probe.args) args = args ? `${args}&${probe.args}` : probe.args;
      Object.assign(headers, probe.headers);
    }
    const clientIp = ipOf(testCase);
    headers['x-forwarded-for'] = clientIp;
    const sent: RequestFacts = { ...request, host, args, clientIp, headers: { ...headers, host, connection: 'close' } };
    const evaluation = evaluateRules(line, sent);
    const expected = evaluation.outcome;
    const before = requestsBefore(line, request.ratePerSecond);
    const caseOutcome = structuredClone(testCase.expect.outcome);
    if (caseOutcome.location && request.host)
      caseOutcome.location = caseOutcome.location.replace(`://${request.host}`, `://${host}`);
    const counts = line.some((rule) => rule.wafRate);
    return {
      testCase,
      line,
      lineKey: `${JSON.stringify(testCase.line)}${counts ? `#${index}` : ''}`,
      host,
      https: request.scheme === 'https',
      method: request.method,
      target: `${encodeURI(request.uri)}${args ? `?${args}` : ''}`,
      headers,
      clientIp,
      before,
      expected,
      rule: eventRuleOf(evaluation),
      reason: reasonLogged(line, evaluation, before),
      caseOutcome,
    };
  });
  const hosts = new Set(plans.map((p) => p.host));
  if (hosts.size !== plans.length) throw new Error('two cases ask for the same Host; give one its own line domain');
  return { plans, countries, isps };
}

/** The pages and origin policies the rules of the table name. */
export function namedResources(plans: readonly CasePlan[]): { pages: Set<string>; policies: Set<string> } {
  const pages = new Set<string>();
  const policies = new Set<string>();
  for (const rule of plans.flatMap((p) => p.line)) {
    if (rule.wafAction === '01' || rule.wafAction === '08') pages.add(rule.wafDenyHtmlPageName);
    if (rule.wafAction === '12') pages.add(rule.wafCustomHtmlPageName);
    if (rule.wafAction === '13') policies.add(rule.wafOriginPolicyName);
  }
  return { pages, policies };
}
