import { describe, expect, it } from 'vitest';
import { storedEventSchema, type StoredEvent } from '../schemas/event-records.js';
import { wafRuleSettingsSchema, type WafRuleSettings } from '../schemas/waf-rules.js';
import { wafDryRunSchema } from '../schemas/waf-dry-run.js';
import { compileRules } from './evaluate.js';
import { dryRunUnjudged, eventFacts, judgeableRule } from './event-facts.js';
import { requestFactsSchema } from './model.js';

const event = (patch: Partial<StoredEvent> = {}): StoredEvent =>
  storedEventSchema.parse({
    req_id: 'r1',
    timestamp: 1_767_225_600_000,
    server_name: 'shop.example.com',
    client_ip: '203.0.113.9',
    status: 200,
    group_name: 'acme',
    customer_package: 'standard',
    ...patch,
  });

const settings = (patch: Partial<WafRuleSettings> = {}): WafRuleSettings => ({
  ...wafRuleSettingsSchema.parse({}),
  ...patch,
});

/** Whether the rule alone, switched on, matches the event's facts. */
const matches = (rule: WafRuleSettings, stored: StoredEvent) =>
  compileRules([{ ...judgeableRule(rule), ruleName: 'r', isEnabled: true }])(eventFacts(stored)).rules[0]?.verdict;

describe('eventFacts', () => {
  it('reads every fact the record keeps, as the facts schema takes them', () => {
    const facts = eventFacts(
      event({
        method: 'POST',
        scheme: 'https',
        host: 'shop.example.com',
        uri: '/cart/add',
        args: 'id=7',
        req_headers: { accept: 'text/html', 'x-api-key': 'k' },
        user_agent: 'curl/8.5',
        country: 'DE',
        isp: 'Example Telecom',
        proxy_type: 'vpn',
      }),
    );
    expect(facts).toEqual({
      method: 'POST',
      scheme: 'https',
      host: 'shop.example.com',
      uri: '/cart/add',
      args: 'id=7',
      headers: { accept: 'text/html', 'x-api-key': 'k', host: 'shop.example.com', 'user-agent': 'curl/8.5' },
      clientIp: '203.0.113.9',
      country: 'DE',
      isp: 'Example Telecom',
      proxyType: 'vpn',
      owasp: [],
    });
    expect(requestFactsSchema.parse(facts)).toEqual(facts);
  });

  it('leaves unknown country, ISP and proxy type out, and keeps the headers the record has', () => {
    const facts = eventFacts(
      event({ req_headers: { host: 'www.example.com', 'user-agent': 'Mozilla/5.0' }, host: 'x', user_agent: 'y' }),
    );
    expect(facts).not.toHaveProperty('country');
    expect(facts).not.toHaveProperty('isp');
    expect(facts).not.toHaveProperty('proxyType');
    expect(facts.headers).toEqual({ host: 'www.example.com', 'user-agent': 'Mozilla/5.0' });
    // Empty columns add no header.
    expect(eventFacts(event()).headers).toEqual({});
  });

  it('takes the stored $uri as it is, without decoding it again', () => {
    const facts = eventFacts(event({ uri: '/100%41' }));
    expect(facts.uri).toBe('/100%41');
    expect(matches(settings({ wafUri: ['^/100A$'] }), event({ uri: '/100%41' }))).toBe('not_matched');
  });
});

describe('a rule judged over stored events', () => {
  it('matches on address, path, method, country, ISP, proxy type and headers', () => {
    const stored = event({
      client_ip: '198.51.100.7',
      method: 'POST',
      uri: '/login',
      country: 'FR',
      isp: 'Example Telecom',
      proxy_type: 'tor',
      user_agent: 'python-requests/2.31',
    });
    const rule = settings({
      wafIp: ['198.51.100.0/24'],
      wafUri: ['^/login$'],
      wafHttpMethod: ['POST'],
      wafCountry: ['FR'],
      wafIsp: ['example telecom'],
      wafProxyType: ['tor'],
      wafHeaders: ['user-agent:^python-requests'],
    });
    expect(matches(rule, stored)).toBe('matched');
    expect(matches({ ...rule, wafHttpMethod: ['GET'] }, stored)).toBe('not_matched');
    expect(matches({ ...rule, wafIpExclude: ['198.51.100.7'] }, stored)).toBe('spared');
    // "Every country except" takes in a request whose country is unknown.
    expect(matches(settings({ wafCountry: ['FR'], wafCountryInvert: true }), event())).toBe('matched');
  });

  it('leaves the rate and OWASP conditions out, so they do not make every count 0', () => {
    const rule = settings({ wafRate: '100/1', wafOwasp: ['41000_sqli'], wafUri: ['^/api/'] });
    expect(matches(rule, event({ uri: '/api/x' }))).toBe('matched');
    expect(matches(rule, event({ uri: '/shop' }))).toBe('not_matched');
    // Without leaving them out, no stored event could meet them.
    const kept = compileRules([{ ...rule, ruleName: 'r', isEnabled: true }])(eventFacts(event({ uri: '/api/x' })));
    expect(kept.rules[0]?.verdict).toBe('not_matched');
  });
});

describe('dryRunUnjudged', () => {
  it('names the set conditions and action effects a stored event cannot show', () => {
    expect(dryRunUnjudged(settings({ wafUri: ['^/'] }))).toEqual([]);
    expect(dryRunUnjudged(settings({ wafOwasp: ['42000_xss'], wafRate: '10/1' }))).toEqual(['wafRate', 'wafOwasp']);
    expect(dryRunUnjudged(settings({ wafAction: '01', wafIsDenyThenBucket: true }))).toEqual(['wafIsDenyThenBucket']);
    // The switch means nothing under another action.
    expect(dryRunUnjudged(settings({ wafAction: '00', wafIsDenyThenBucket: true }))).toEqual([]);
    expect(dryRunUnjudged(settings({ wafAction: '08', wafRate: '50/10' }))).toEqual(['wafRate', 'wafBucketTime']);
  });
});

describe('wafDryRunSchema', () => {
  it('takes a rule without its name and checks it as a save does', () => {
    const ok = wafDryRunSchema.safeParse({ groupName: 'acme', rule: { wafUri: ['^/admin'] } });
    expect(ok.success).toBe(true);
    const issues = (rule: Record<string, unknown>) =>
      wafDryRunSchema.safeParse({ groupName: 'acme', rule }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ wafIp: [] })).toEqual([['rule.conditions', 'condition_required']]);
    expect(issues({ wafRate: 'often' })).toEqual([['rule.wafRate', 'invalid_rate']]);
    expect(wafDryRunSchema.safeParse({ groupName: 'acme', rule: { wafIp: ['not a network'] } }).success).toBe(false);
  });
});
