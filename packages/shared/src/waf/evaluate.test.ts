import { describe, expect, it } from 'vitest';
import casesJson from './cases.json';
import { caseLine, wafCasesFileSchema } from './cases.js';
import { compileRules, evaluateRules } from './evaluate.js';
import { requestFactsSchema, wafEvaluationSchema, type EvaluatedRule, type RequestFactsInput } from './model.js';
import { WAF_ACTION_CODES, WAF_CONDITION_FIELDS, WAF_EXCLUSION_FIELDS } from './vocabulary.js';
import { wafRuleInputSchema } from '../schemas/waf-rules.js';

const file = wafCasesFileSchema.parse(casesJson);
const results = file.cases.map((testCase) => ({
  testCase,
  evaluation: evaluateRules(caseLine(file, testCase), testCase.request),
}));

describe('the case table (cases.json)', () => {
  for (const { testCase, evaluation } of results)
    it(testCase.name, () => {
      expect(wafEvaluationSchema.parse(evaluation)).toEqual(evaluation);
      expect(evaluation.rules.map((r) => r.ruleName)).toEqual(testCase.expect.rules.map((r) => r.ruleName));
      testCase.expect.rules.forEach((expected, i) => {
        const trace = evaluation.rules[i]!;
        expect(trace.verdict, trace.ruleName).toBe(expected.verdict);
        expect(trace.sparedBy, trace.ruleName).toEqual(expected.sparedBy);
        if (expected.conditions) expect(trace.conditions, trace.ruleName).toEqual(expected.conditions);
      });
      expect(evaluation.outcome).toEqual(testCase.expect.outcome);
    });

  // The table is the evidence that every action and condition kind is covered; these keep it so.
  const matchedRules = results.flatMap(({ evaluation }) => evaluation.rules.filter((r) => r.verdict === 'matched'));
  it('has a matched rule of every action code', () => {
    expect(new Set(matchedRules.map((r) => r.action))).toEqual(new Set(WAF_ACTION_CODES));
  });
  it('has every condition field both holding and not holding', () => {
    const traced = results.flatMap(({ evaluation }) => evaluation.rules.flatMap((r) => r.conditions));
    for (const field of WAF_CONDITION_FIELDS)
      for (const matched of [true, false])
        expect(
          traced.some((c) => c.field === field && c.matched === matched),
          `${field} ${matched}`,
        ).toBe(true);
  });
  it('has a request spared by every exclusion field', () => {
    const spared = results.flatMap(({ evaluation }) => evaluation.rules.flatMap((r) => r.sparedBy?.field ?? []));
    expect(new Set(spared)).toEqual(new Set(WAF_EXCLUSION_FIELDS));
  });
  it('has every verdict', () => {
    const verdicts = results.flatMap(({ evaluation }) => evaluation.rules.map((r) => r.verdict));
    expect(new Set(verdicts)).toEqual(new Set(['matched', 'not_matched', 'spared', 'disabled', 'not_reached']));
  });
  it('uses every rule of its map and has no two cases of one name', () => {
    const used = new Set(results.flatMap(({ testCase }) => caseLine(file, testCase).map((r) => r.ruleName)));
    expect(Object.keys(file.rules).filter((name) => !used.has(name))).toEqual([]);
    expect(new Set(file.cases.map((c) => c.name)).size).toBe(file.cases.length);
  });
  it('refuses a case naming a rule the map lacks, and a misspelt field', () => {
    const testCase = file.cases[0]!;
    expect(() => caseLine(file, { ...testCase, line: ['no_such_rule'] })).toThrow(/no_such_rule/);
    const misspelt = { ...casesJson, rules: { ...casesJson.rules, allow_office: { wafAction: '00', wafIps: [] } } };
    expect(wafCasesFileSchema.safeParse(misspelt).success).toBe(false);
  });
});

const rule = (input: Record<string, unknown>, isEnabled = true): EvaluatedRule => ({
  ...wafRuleInputSchema.parse(input),
  isEnabled,
});
const facts = (input: Partial<RequestFactsInput> = {}) =>
  requestFactsSchema.parse({ clientIp: '203.0.113.5', ...input });

describe('the evaluator', () => {
  it('answers the same from a compiled line for request after request (no state kept between calls)', () => {
    const line = [
      rule({ ruleName: 'log_all', wafAction: '04' }),
      rule({ ruleName: 'tag', wafAction: '09', wafSetReqHeaders: ['x-ip:$rip'] }),
      rule({ ruleName: 'deny_admin', wafAction: '01', wafUri: ['^/admin'] }),
    ];
    const judge = compileRules(line);
    const requests = [
      facts({ uri: '/admin', clientIp: '10.0.0.1' }),
      facts({ uri: '/', clientIp: '10.0.0.2' }),
      facts({ uri: '/admin/x', clientIp: '2001:db8::1' }),
    ];
    const first = requests.map(judge);
    const again = requests.map(judge);
    expect(again).toEqual(first);
    expect(first.map((e) => e.outcome.kind)).toEqual(['deny', 'pass', 'deny']);
    expect(first[1]!.outcome).toMatchObject({
      requestHeaders: [{ name: 'x-ip', value: '10.0.0.2' }],
      logged: ['log_all'],
    });
    expect(requests.map((r) => evaluateRules(line, r))).toEqual(first);
  });

  it('judges twenty rules over many requests with one compile', () => {
    const line = Array.from({ length: 20 }, (_, i) =>
      rule({ ruleName: `deny_${i}`, wafAction: '01', wafIp: [`10.${i}.0.0/16`], wafUri: [`^/r${i}/`] }),
    );
    const judge = compileRules(line);
    const requests = Array.from({ length: 25 }, (_, i) => facts({ clientIp: `10.${i}.1.1`, uri: `/r${i}/x` }));
    let denied = 0;
    for (let n = 0; n < 5000; n++) if (judge(requests[n % 25]!).outcome.kind === 'deny') denied++;
    // Of every 25 requests, the 20 aimed at a rule's own network and path are denied.
    expect(denied).toBe(4000);
  });

  it('finds a header the caller typed with capitals', () => {
    const line = [rule({ ruleName: 'deny_bot', wafAction: '01', wafHeaders: ['user-agent:bot'] })];
    const evaluation = evaluateRules(line, facts({ headers: { 'User-Agent': 'a bot' } }));
    expect(evaluation.outcome.kind).toBe('deny');
  });

  it('never matches a pattern or network the schema would refuse, and does not throw', () => {
    const bad: EvaluatedRule = {
      ...wafRuleInputSchema.parse({ ruleName: 'bad', wafAction: '01', wafUri: ['^/a'] }),
      wafIp: ['not-a-network'],
      wafUri: ['(unclosed'],
      isEnabled: true,
    };
    const evaluation = evaluateRules([bad], facts({ uri: '/(unclosed' }));
    expect(evaluation.rules[0]).toMatchObject({
      verdict: 'not_matched',
      conditions: [
        { field: 'wafIp', matched: false },
        { field: 'wafUri', matched: false },
      ],
    });
  });

  it('says which conditions only the edge judges', () => {
    const line = [
      rule({
        ruleName: 'every_kind',
        wafAction: '04',
        wafUri: ['/'],
        wafCountry: ['FR'],
        wafIsp: ['isp'],
        wafHeaders: ['a:b'],
        wafRate: '1/1',
        wafHttpMethod: ['GET'],
        wafOwasp: ['41000_sqli'],
        wafProxyType: ['vpn'],
      }),
    ];
    const conditions = evaluateRules(line, facts()).rules[0]!.conditions;
    expect(conditions.map((c) => c.field)).toEqual([...WAF_CONDITION_FIELDS]);
    expect(conditions.filter((c) => c.edgeJudged).map((c) => c.field)).toEqual([
      'wafCountry',
      'wafIsp',
      'wafRate',
      'wafOwasp',
      'wafProxyType',
    ]);
  });

  it('replaces every $rip of a value and keeps other text', () => {
    const line = [rule({ ruleName: 'tag', wafAction: '10', wafSetResHeaders: ['x-seen:$rip via $rip;$ripx'] })];
    expect(evaluateRules(line, facts({ clientIp: '192.0.2.1' })).outcome.responseHeaders).toEqual([
      { name: 'x-seen', value: '192.0.2.1 via 192.0.2.1;192.0.2.1x' },
    ]);
  });
});
