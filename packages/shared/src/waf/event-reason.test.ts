import { describe, expect, it } from 'vitest';
import { evaluateRules } from './evaluate.js';
import { eventReasonOf, eventRuleOf, parseEventReason, periodBlockReason } from './event-reason.js';
import { requestFactsSchema, type EvaluatedRule, type RequestFactsInput } from './model.js';
import { EVENT_TEXT_MAX_LENGTH, eventRecordSchema } from '../schemas/event-records.js';
import { wafRuleInputSchema } from '../schemas/waf-rules.js';

const rule = (input: Record<string, unknown>): EvaluatedRule => ({
  ...wafRuleInputSchema.parse(input),
  isEnabled: true,
});
const facts = (input: Partial<RequestFactsInput> = {}) =>
  requestFactsSchema.parse({ clientIp: '203.0.113.5', country: 'CN', ...input });
const judged = (rules: EvaluatedRule[], input: Partial<RequestFactsInput> = {}) => {
  const evaluation = evaluateRules(rules, facts(input));
  return { rule: eventRuleOf(evaluation), reason: eventReasonOf(evaluation) };
};

describe("an event's rule and reason", () => {
  it('names the deciding rule and its conditions that held, in the vocabulary order', () => {
    const line = [
      rule({
        ruleName: 'deny_cn_posts',
        wafAction: '01',
        wafHttpMethod: ['POST'],
        wafCountry: ['CN'],
        wafUri: ['^/api/'],
      }),
    ];
    expect(judged(line, { method: 'POST', uri: '/api/orders' })).toEqual({
      rule: 'deny_cn_posts',
      reason: 'wafUri: ^/api/; wafCountry: CN; wafHttpMethod: POST',
    });
  });

  it('leaves out the default source network, unless it is all the rule asked', () => {
    // wafIp defaults to 0.0.0.0/0: every rule below holds it.
    expect(judged([rule({ ruleName: 'deny_cn', wafAction: '01', wafCountry: ['CN'] })]).reason).toBe('wafCountry: CN');
    expect(judged([rule({ ruleName: 'deny_all', wafAction: '01' })]).reason).toBe('wafIp: 0.0.0.0/0');
    expect(
      judged([rule({ ruleName: 'deny_v6', wafAction: '01', wafIp: ['::/0'], wafCountry: ['CN'] })], {
        clientIp: '2001:db8::5',
      }).reason,
    ).toBe('wafCountry: CN');
    // A network narrower than everything is a reason.
    expect(judged([rule({ ruleName: 'deny_net', wafAction: '01', wafIp: ['203.0.113.0/24'] })]).reason).toBe(
      'wafIp: 203.0.113.0/24',
    );
  });

  it('says the field alone for a list that held by what it does not hold', () => {
    const line = [rule({ ruleName: 'only_us', wafAction: '01', wafCountry: ['US'], wafCountryInvert: true })];
    expect(judged(line).reason).toBe('wafCountry');
  });

  it('names the last log rule when no rule decides, and nothing when none matched', () => {
    const line = [
      rule({ ruleName: 'log_api', wafAction: '04', wafUri: ['^/api/'] }),
      rule({ ruleName: 'log_cn', wafAction: '04', wafCountry: ['CN'] }),
      rule({ ruleName: 'deny_admin', wafAction: '01', wafUri: ['^/admin'] }),
    ];
    expect(judged(line, { uri: '/api/x' })).toEqual({ rule: 'log_cn', reason: 'wafCountry: CN' });
    expect(judged(line, { uri: '/admin' })).toEqual({ rule: 'deny_admin', reason: 'wafUri: ^/admin' });
    expect(judged(line, { uri: '/', country: 'US' })).toEqual({ rule: '', reason: '' });
  });

  it('is cut to what the record takes, as the edge cuts it, never into half a character', () => {
    const long = `^/${'a'.repeat(EVENT_TEXT_MAX_LENGTH)}`;
    const reason = judged([rule({ ruleName: 'long', wafAction: '01', wafUri: [long] })], {
      uri: `/${'a'.repeat(600)}`,
    }).reason;
    expect(reason).toBe(`wafUri: ${long}`.slice(0, EVENT_TEXT_MAX_LENGTH));
    expect(eventRecordSchema.shape.reason.safeParse(reason).success).toBe(true);
    // An emoji (two UTF-16 units) across the limit is left out whole.
    const emoji = `^/${'a'.repeat(EVENT_TEXT_MAX_LENGTH - 'wafUri: ^/'.length - 1)}😀`;
    const cut = judged([rule({ ruleName: 'emoji', wafAction: '01', wafUri: [emoji] })], {
      uri: `/${emoji.slice(2)}`,
    }).reason;
    expect(cut).toBe(`wafUri: ${emoji}`.slice(0, EVENT_TEXT_MAX_LENGTH - 1));
    expect(eventRecordSchema.shape.reason.safeParse(cut).success).toBe(true);
  });

  it('gives a period block its length', () => {
    expect(periodBlockReason(600)).toBe('wafBucketTime: 600');
  });

  it('reads back into its parts, and refuses what it never writes', () => {
    const line = [rule({ ruleName: 'deny', wafAction: '01', wafUri: ['^/api/'], wafCountry: ['CN'] })];
    expect(parseEventReason(judged(line, { uri: '/api/x' }).reason)).toEqual([
      { field: 'wafUri', value: '^/api/' },
      { field: 'wafCountry', value: 'CN' },
    ]);
    expect(parseEventReason('wafCountry; wafIp: ::/0')).toEqual([
      { field: 'wafCountry' },
      { field: 'wafIp', value: '::/0' },
    ]);
    expect(parseEventReason(periodBlockReason(600))).toEqual([{ field: 'wafBucketTime', value: '600' }]);
    // An entry may hold ": " itself; only the first one ends the field.
    expect(parseEventReason('wafHeaders: x-a:b: c')).toEqual([{ field: 'wafHeaders', value: 'x-a:b: c' }]);
    for (const other of ['', 'http10', 'wafIp: 1.2.3.4; rate', 'wafNope: 1', 'Deny: x'])
      expect(parseEventReason(other), other).toBeNull();
  });
});
