import { describe, expect, it } from 'vitest';
import {
  BLOCK_PERIOD_DEFAULT,
  BLOCK_PERIOD_MAX_BASIC,
  BLOCK_PERIOD_MAX_EXTENDED,
  BLOCK_PERIOD_MIN,
  SPEED_LIMIT_DEFAULT,
  SPEED_LIMIT_MAX,
  SPEED_LIMIT_MIN,
} from '../constants.js';
import { PLANS } from '../plans.js';
import { WAF_LIST_MAX_ENTRIES, splitLines } from '../waf/formats.js';
import { WAF_ACTION_CODES } from '../waf/vocabulary.js';
import {
  WAF_EXPORT_FORMAT,
  WAF_EXPORT_VERSION,
  WAF_IP_DEFAULT,
  WAF_RULE_NAME_MAX_LENGTH,
  createWafRuleSchema,
  planProblems,
  updateWafRuleSchema,
  wafRuleInputSchema,
  wafRuleListQuerySchema,
  wafRulesFileSchema,
} from './waf-rules.js';

/** Every problem's code by its path, as the server reports them (the first of each path). */
const codes = (input: Record<string, unknown>) => {
  const result = wafRuleInputSchema.safeParse({ ruleName: 'rule_1', ...input });
  const found: Record<string, string> = {};
  if (!result.success)
    for (const i of result.error.issues) found[i.path.join('.')] ??= i.code === 'custom' ? i.message : i.code;
  return found;
};

describe('a firewall rule', () => {
  it('takes the documented defaults', () => {
    expect(wafRuleInputSchema.parse({ ruleName: 'rule_1' })).toMatchObject({
      wafAction: '00',
      description: '',
      wafIp: [...WAF_IP_DEFAULT],
      wafSpeedLimit: SPEED_LIMIT_DEFAULT,
      wafBucketTime: BLOCK_PERIOD_DEFAULT,
      wafRedirectHttpCode: 302,
      wafDenyHtmlPageName: 'default',
      wafDenyThenBucketRate: '1/1',
      wafIsDenyThenBucket: false,
      wafCountryInvert: false,
      wafRate: '',
      wafUri: [],
      wafHeadersNotExist: [],
    });
  });

  it.each([
    ['a', true],
    ['deny_office_2', true],
    ['a'.repeat(WAF_RULE_NAME_MAX_LENGTH), true],
    ['a'.repeat(WAF_RULE_NAME_MAX_LENGTH + 1), false],
    ['Deny', false],
    ['deny-office', false],
    ['deny office', false],
    ['', false],
  ])('name %j is accepted: %s', (ruleName, ok) => {
    expect(wafRuleInputSchema.safeParse({ ruleName }).success).toBe(ok);
  });

  it.each([
    [SPEED_LIMIT_MIN - 1, 'too_small'],
    [SPEED_LIMIT_MIN, undefined],
    [SPEED_LIMIT_MAX, undefined],
    [SPEED_LIMIT_MAX + 1, 'too_big'],
    [1.5, 'invalid_type'],
  ])('speed limit %d KB/s: %s', (wafSpeedLimit, code) => {
    expect(codes({ wafAction: '05', wafSpeedLimit }).wafSpeedLimit).toBe(code);
  });

  it.each([
    [BLOCK_PERIOD_MIN - 1, 'too_small'],
    [BLOCK_PERIOD_MIN, undefined],
    [BLOCK_PERIOD_MAX_EXTENDED, undefined],
    [BLOCK_PERIOD_MAX_EXTENDED + 1, 'too_big'],
  ])('block period %d s: %s', (wafBucketTime, code) => {
    expect(codes({ wafAction: '08', wafRate: '10/1', wafBucketTime }).wafBucketTime).toBe(code);
  });

  it.each([
    ['200/1', undefined],
    ['', undefined],
    ['0/1', 'invalid_rate'],
    ['1/0', 'invalid_rate'],
    ['a/b', 'invalid_rate'],
    ['1/1/1', 'invalid_rate'],
    ['1000001/1', 'invalid_rate'],
    ['1/3601', 'invalid_rate'],
  ])('request rate %j: %s', (wafRate, code) => {
    expect(codes({ wafRate }).wafRate).toBe(code);
  });

  it('checks the deny-then-block rate only when deny-then-block is on', () => {
    expect(codes({ wafAction: '01', wafIsDenyThenBucket: false, wafDenyThenBucketRate: 'x' })).toEqual({});
    expect(codes({ wafAction: '01', wafIsDenyThenBucket: true, wafDenyThenBucketRate: 'x' })).toEqual({
      wafDenyThenBucketRate: 'invalid_rate',
    });
    expect(codes({ wafAction: '01', wafIsDenyThenBucket: true, wafDenyThenBucketRate: '0/1' })).toEqual({
      wafDenyThenBucketRate: 'invalid_rate',
    });
    expect(codes({ wafAction: '01', wafIsDenyThenBucket: true, wafDenyThenBucketRate: '5/10' })).toEqual({});
  });

  it.each([
    ['http://example.com/', undefined],
    ['https://example.com/moved', undefined],
    ['{host}/maintenance', undefined],
    ['', 'required'],
    ['ftp://example.com/', 'invalid_redirect_url'],
    ['https://', 'invalid_redirect_url'],
    ['/relative', 'invalid_redirect_url'],
  ])('redirect URL %j: %s', (wafRedirectUrl, code) => {
    expect(codes({ wafAction: '06', wafRedirectUrl }).wafRedirectUrl).toBe(code);
  });

  it('takes only the redirect codes of the vocabulary', () => {
    expect(codes({ wafAction: '06', wafRedirectUrl: 'https://a.example', wafRedirectHttpCode: 307 })).toEqual({});
    expect(
      codes({ wafAction: '06', wafRedirectUrl: 'https://a.example', wafRedirectHttpCode: 303 }).wafRedirectHttpCode,
    ).toBeDefined();
  });

  it('refuses headers a rule may not set, quotes, and unreadable lines, each at its index', () => {
    expect(
      codes({ wafAction: '09', wafSetReqHeaders: ['my-ip-header:$rip', 'host:evil', 'x-a:"v"', 'nocolon'] }),
    ).toEqual({
      'wafSetReqHeaders.1': 'forbidden_header',
      'wafSetReqHeaders.2': 'quotes_forbidden',
      'wafSetReqHeaders.3': 'invalid_header',
    });
    expect(codes({ wafAction: '10', wafSetResHeaders: ['x-frame-options:DENY', 'x-accel-foo:1', 'Server:x'] })).toEqual(
      {
        'wafSetResHeaders.1': 'forbidden_header',
        'wafSetResHeaders.2': 'forbidden_header',
      },
    );
  });

  it('checks name:regex lines, header names, countries, networks and URIs', () => {
    expect(
      codes({
        wafHeaders: ['referer:^(?!^mysite.com$)', 'x-a:(', 'no colon'],
        wafHeadersExclude: ['x-b:[z-a]'],
        wafHeadersNotExist: ['x-api-key', 'bad name'],
        wafCountry: ['US', 'cn', 'USA', 'US'],
        wafIp: ['10.0.0.0/8', '10.0.0.7/8', '10.0.0.0/33'],
        wafIpExclude: ['2001:db8::/32', '2001:0DB8::/32', 'fe80::1%eth0'],
        wafUri: ['^/ok$', '(', '^/ok$'],
        wafUriExclude: ['['],
        wafIsp: ['Example Telecom', '  '],
      }),
    ).toEqual({
      'wafHeaders.1': 'invalid_regex',
      'wafHeaders.2': 'invalid_header',
      'wafHeadersExclude.0': 'invalid_regex',
      'wafHeadersNotExist.1': 'invalid_header_name',
      'wafCountry.1': 'invalid_country',
      'wafCountry.2': 'invalid_country',
      'wafCountry.3': 'duplicate_entry',
      'wafIp.1': 'duplicate_entry',
      'wafIp.2': 'invalid_network',
      'wafIpExclude.1': 'duplicate_entry',
      'wafIpExclude.2': 'invalid_network',
      'wafUri.1': 'invalid_regex',
      'wafUri.2': 'duplicate_entry',
      'wafUriExclude.0': 'invalid_regex',
      // Trimmed first, the blank ISP is empty.
      'wafIsp.1': 'invalid_isp',
    });
  });

  it('trims each entry before checking it', () => {
    expect(wafRuleInputSchema.parse({ ruleName: 'r', wafIp: ['  10.0.0.0/8 '] }).wafIp).toEqual(['10.0.0.0/8']);
  });

  it('reports a text area problem at its line, blank lines counted', () => {
    const entries = splitLines('10.0.0.0/8\n\n\n10.0.0.9/8\n');
    const found = codes({ wafIp: entries.map((e) => e.value) });
    const lines = Object.entries(found).map(([path, code]) => ({
      line: entries[Number(path.split('.')[1])]!.line,
      code,
    }));
    expect(lines).toEqual([{ line: 4, code: 'duplicate_entry' }]);
  });

  it('takes the vocabularies only', () => {
    expect(codes({ wafHttpMethod: ['GET', 'PURGE'], wafOwasp: ['41000_sqli'], wafProxyType: ['tor', 'ces'] })).toEqual(
      {},
    );
    expect(Object.keys(codes({ wafHttpMethod: ['get'] }))).toEqual(['wafHttpMethod.0']);
    expect(Object.keys(codes({ wafHttpMethod: ['TRACE'] }))).toEqual(['wafHttpMethod.0']);
    expect(Object.keys(codes({ wafOwasp: ['99999_other'] }))).toEqual(['wafOwasp.0']);
    expect(Object.keys(codes({ wafProxyType: ['isp'] }))).toEqual(['wafProxyType.0']);
    expect(Object.keys(codes({ wafAction: '02' }))).toEqual(['wafAction']);
  });

  it('bounds a list and an entry', () => {
    const many = Array.from({ length: WAF_LIST_MAX_ENTRIES + 1 }, (_, i) => `^/p${i}$`);
    expect(codes({ wafUri: many }).wafUri).toBe('too_big');
    expect(codes({ wafUri: [`^/${'a'.repeat(1000)}`] })['wafUri.0']).toBe('too_big');
  });

  it('needs at least one condition', () => {
    expect(codes({ wafIp: [] })).toEqual({ conditions: 'condition_required' });
    expect(codes({ wafIp: [], wafRate: '10/1' })).toEqual({});
    expect(codes({ wafIp: [], wafHttpMethod: ['POST'] })).toEqual({});
    // Exclusions alone are no condition.
    expect(codes({ wafIp: [], wafIpExclude: ['10.0.0.0/8'] })).toEqual({ conditions: 'condition_required' });
  });

  it('needs a country when "all except" is on', () => {
    expect(codes({ wafCountryInvert: true })).toEqual({ wafCountry: 'required' });
    expect(codes({ wafCountryInvert: true, wafCountry: ['US'] })).toEqual({});
  });

  it.each([
    ['01', { wafDenyHtmlPageName: '' }, 'wafDenyHtmlPageName'],
    ['06', {}, 'wafRedirectUrl'],
    ['08', { wafRate: '' }, 'wafRate'],
    ['08', { wafRate: '10/1', wafDenyHtmlPageName: '' }, 'wafDenyHtmlPageName'],
    ['09', {}, 'wafSetReqHeaders'],
    ['10', {}, 'wafSetResHeaders'],
    ['12', {}, 'wafCustomHtmlPageName'],
    ['13', {}, 'wafOriginPolicyName'],
  ])('action %s requires its own field (%j → %s)', (wafAction, over, field) => {
    expect(codes({ wafAction, ...over })).toEqual({ [field]: 'required' });
  });

  it('needs nothing more for the actions without fields of their own', () => {
    for (const wafAction of ['00', '03', '04', '07', '11', '14']) expect(codes({ wafAction }), wafAction).toEqual({});
  });

  it('does not ask for the fields of another action', () => {
    expect(codes({ wafAction: '00', wafRedirectUrl: '', wafCustomHtmlPageName: '', wafSetReqHeaders: [] })).toEqual({});
  });

  it('reports every problem of a rule at once', () => {
    const input = { wafAction: '06', wafIp: [], wafSpeedLimit: 0, wafCountryInvert: true, wafHeadersNotExist: ['a b'] };
    expect(Object.keys(codes(input)).sort()).toEqual([
      'conditions',
      'wafCountry',
      'wafHeadersNotExist.0',
      'wafRedirectUrl',
      'wafSpeedLimit',
    ]);
  });
});

describe('planProblems', () => {
  const rule = (wafAction: (typeof WAF_ACTION_CODES)[number], wafBucketTime = BLOCK_PERIOD_DEFAULT) => ({
    wafAction,
    wafBucketTime,
  });

  it('bounds the block period by the plan: basic 3600, pro 86400', () => {
    expect(planProblems(rule('01', BLOCK_PERIOD_MAX_BASIC), PLANS.basic)).toEqual({});
    expect(planProblems(rule('01', BLOCK_PERIOD_MAX_BASIC + 1), PLANS.basic)).toEqual({ wafBucketTime: 'too_big' });
    expect(planProblems(rule('08', BLOCK_PERIOD_MAX_EXTENDED), PLANS.pro)).toEqual({});
    expect(planProblems(rule('08', BLOCK_PERIOD_MAX_EXTENDED), PLANS.enterprise)).toEqual({});
  });

  it('refuses an action the plan does not offer', () => {
    for (const code of WAF_ACTION_CODES) {
      const expected = PLANS.basic.wafActions.includes(code) ? {} : { wafAction: 'action_not_in_plan' };
      expect(planProblems(rule(code), PLANS.basic), code).toEqual(expected);
    }
    expect(PLANS.basic.wafActions).toEqual(['00', '01', '06', '12', '13']);
    expect(planProblems(rule('14'), PLANS.pro)).toEqual({ wafAction: 'action_not_in_plan' });
    expect(planProblems(rule('14'), PLANS.enterprise)).toEqual({});
  });

  it('reports both at once', () => {
    expect(planProblems(rule('08', BLOCK_PERIOD_MAX_BASIC + 1), PLANS.basic)).toEqual({
      wafAction: 'action_not_in_plan',
      wafBucketTime: 'too_big',
    });
  });
});

describe('the other shapes', () => {
  it('creates with a group, updates without a name', () => {
    expect(createWafRuleSchema.safeParse({ ruleName: 'r', groupName: 'g' }).success).toBe(true);
    expect(createWafRuleSchema.safeParse({ ruleName: 'r' }).success).toBe(false);
    const update = updateWafRuleSchema.parse({ version: 3, ruleName: 'renamed' });
    expect(update).not.toHaveProperty('ruleName');
    expect(updateWafRuleSchema.safeParse({ version: 3, wafIp: [] }).success).toBe(false);
  });

  it('reads an export file and refuses another format or version', () => {
    const file = { format: WAF_EXPORT_FORMAT, version: WAF_EXPORT_VERSION, rules: [{ ruleName: 'r' }] };
    expect(wafRulesFileSchema.parse(file).rules[0]).toMatchObject({ ruleName: 'r', wafAction: '00' });
    expect(wafRulesFileSchema.safeParse({ ...file, format: 'other' }).success).toBe(false);
    expect(wafRulesFileSchema.safeParse({ ...file, version: WAF_EXPORT_VERSION + 1 }).success).toBe(false);
    const bad = wafRulesFileSchema.safeParse({ ...file, rules: [{ ruleName: 'ok' }, { ruleName: 'r', wafIp: [] }] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['rules.1.conditions']);
  });

  it('reads the list query: deep search and the action filter', () => {
    const query = (over: Record<string, unknown>) => wafRuleListQuerySchema.safeParse({ groupName: 'g', ...over });
    expect(query({ deepSearch: 'true', wafAction: '08' }).data).toMatchObject({ deepSearch: true, wafAction: '08' });
    expect(query({}).data?.deepSearch).toBe(false);
    expect(query({ wafAction: '02' }).success).toBe(false);
  });
});
