import { describe, expect, it } from 'vitest';
import {
  WAF_ENTRY_MAX_LENGTH,
  WAF_RATE_MAX_REQUESTS,
  WAF_RATE_MAX_SECONDS,
  WAF_REDIRECT_URL_MAX_LENGTH,
  checkCountry,
  checkHeaderMatch,
  checkHeaderName,
  checkIsp,
  checkNetwork,
  checkRate,
  checkRedirectUrl,
  checkRegex,
  checkSetHeader,
  listProblems,
  parseRate,
  splitHeaderLine,
  splitLines,
} from './formats.js';
import { FORBIDDEN_REQUEST_HEADERS, FORBIDDEN_RESPONSE_HEADERS } from './vocabulary.js';

describe('one line of a list field', () => {
  it.each([
    ['10.0.0.0/8', null],
    ['10.0.0.1', null],
    ['2001:db8::/32', null],
    ['::/0', null],
    ['10.0.0.0/33', 'invalid_network'],
    ['10.0.0.0/8 # office', 'invalid_network'],
    ['2001:db8::/129', 'invalid_network'],
    ['office', 'invalid_network'],
  ])('network %j: %s', (value, code) => {
    expect(checkNetwork(value)).toBe(code);
  });

  it.each([
    ['^/api/secret$', null],
    ['\\.php$', null],
    ['^(?!/public)', null],
    ['(?<=/v)\\d+', null],
    ['', 'invalid_regex'],
    ['(', 'invalid_regex'],
    ['[a-', 'invalid_regex'],
    ['*.php', 'invalid_regex'],
    ['a{2,1}', 'invalid_regex'],
  ])('pattern %j: %s', (value, code) => {
    expect(checkRegex(value)).toBe(code);
  });

  it.each([
    ['referer:^(?!^mysite.com$)', null],
    ['user-agent: curl', null],
    ['X-Forwarded-Host:example', null],
    ['x-a:(', 'invalid_regex'],
    ['x-a:', 'invalid_regex'],
    ['no colon', 'invalid_header'],
    [':value', 'invalid_header'],
    ['bad name:x', 'invalid_header'],
    ['x(a):y', 'invalid_header'],
  ])('header to match %j: %s', (value, code) => {
    expect(checkHeaderMatch(value)).toBe(code);
  });

  it('splits a header line at its first colon', () => {
    expect(splitHeaderLine('referer:  http://a.example:8080/')).toEqual({
      name: 'referer',
      value: 'http://a.example:8080/',
    });
    expect(splitHeaderLine('no colon')).toBeNull();
  });

  it.each([
    ['x-api-key', null],
    ['X-Api-Key', null],
    ['x api key', 'invalid_header_name'],
    ['x-api-key:', 'invalid_header_name'],
    ['', 'invalid_header_name'],
  ])('header name %j: %s', (value, code) => {
    expect(checkHeaderName(value)).toBe(code);
  });

  it.each([
    ['request', 'my-ip-header:$rip', null],
    ['request', 'x-env: production', null],
    ['request', 'x-a:"quoted"', 'quotes_forbidden'],
    ['request', "x-a:it's", 'quotes_forbidden'],
    ['request', 'x-a:', 'invalid_header'],
    ['request', 'x-a', 'invalid_header'],
    ['request', 'x a:1', 'invalid_header'],
    ['request', 'Host:evil.example', 'forbidden_header'],
    ['request', 'cookie:a=1', 'forbidden_header'],
    ['request', 'X-Forwarded-For:1.2.3.4', 'forbidden_header'],
    ['request', 'x-accel-foo:1', null],
    ['response', 'x-frame-options:DENY', null],
    ['response', 'host:allowed-in-a-response', null],
    ['response', 'x-accel-foo:1', 'forbidden_header'],
    ['response', 'X-Accel-Redirect:/internal', 'forbidden_header'],
    ['response', 'Set-Cookie:a=1', 'forbidden_header'],
    ['response', 'x-a:"quoted"', 'quotes_forbidden'],
  ] as const)('%s header to set %j: %s', (direction, value, code) => {
    expect(checkSetHeader(direction, value)).toBe(code);
  });

  it('refuses every header GLOSSARY §5.1 forbids, in any case', () => {
    for (const name of FORBIDDEN_REQUEST_HEADERS) {
      expect(checkSetHeader('request', `${name}:x`), name).toBe('forbidden_header');
      expect(checkSetHeader('request', `${name.toUpperCase()}:x`), name).toBe('forbidden_header');
    }
    for (const name of FORBIDDEN_RESPONSE_HEADERS)
      expect(checkSetHeader('response', `${name}:x`), name).toBe('forbidden_header');
  });

  it.each([
    ['US', null],
    ['CN', null],
    ['us', 'invalid_country'],
    ['USA', 'invalid_country'],
    ['U1', 'invalid_country'],
    ['', 'invalid_country'],
  ])('country %j: %s', (value, code) => {
    expect(checkCountry(value)).toBe(code);
  });

  it.each([
    ['China Telecom', null],
    ['AS4134', null],
    ['   ', 'invalid_isp'],
    ['a\tb', 'invalid_isp'],
  ])('ISP %j: %s', (value, code) => {
    expect(checkIsp(value)).toBe(code);
  });
});

describe('a rate, requests/seconds', () => {
  it.each([
    ['200/1', { requests: 200, seconds: 1 }],
    ['1/1', { requests: 1, seconds: 1 }],
    [' 5/2 ', { requests: 5, seconds: 2 }],
    [
      `${WAF_RATE_MAX_REQUESTS}/${WAF_RATE_MAX_SECONDS}`,
      { requests: WAF_RATE_MAX_REQUESTS, seconds: WAF_RATE_MAX_SECONDS },
    ],
  ])('reads %j', (value, rate) => {
    expect(parseRate(value)).toEqual(rate);
    expect(checkRate(value)).toBeNull();
  });

  it.each([
    '0/1',
    '1/0',
    'a/b',
    '1/1/1',
    '200',
    '/1',
    '1/',
    '01/1',
    '1.5/1',
    '-1/1',
    '1 /1',
    '',
    `${WAF_RATE_MAX_REQUESTS + 1}/1`,
    `1/${WAF_RATE_MAX_SECONDS + 1}`,
  ])('refuses %j', (value) => {
    expect(parseRate(value)).toBeNull();
    expect(checkRate(value)).toBe('invalid_rate');
  });
});

describe('a redirect URL', () => {
  it.each(['http://example.com', 'https://example.com/a?b=c', '{host}/maintenance', '{HOST}/x', 'HTTPS://example.com'])(
    'takes %j',
    (value) => {
      expect(checkRedirectUrl(value)).toBeNull();
    },
  );
  it.each([
    'ftp://example.com/',
    'https://',
    'http://',
    '{host}',
    'example.com/x',
    '//example.com',
    'javascript:alert(1)',
    'https://a b.example',
    'https://a.example/"x"',
    'https://a.example/<x>',
    `https://a.example/${'x'.repeat(WAF_REDIRECT_URL_MAX_LENGTH)}`,
  ])('refuses %j', (value) => {
    expect(checkRedirectUrl(value)).toBe('invalid_redirect_url');
  });
});

describe('listProblems', () => {
  it('flags the later of two ways of writing one network', () => {
    expect(listProblems('wafIp', ['10.0.0.0/8', '192.0.2.1', '10.0.0.7/8'])).toEqual([
      { index: 2, code: 'duplicate_entry' },
    ]);
    expect(listProblems('wafIpExclude', ['2001:db8::/32', '2001:DB8:0:0::/32', '2001:db8::1'])).toEqual([
      { index: 1, code: 'duplicate_entry' },
    ]);
    // Different prefixes over one address are different networks.
    expect(listProblems('wafIp', ['10.0.0.0/8', '10.0.0.0/16', '0.0.0.0/0', '::/0'])).toEqual([]);
  });

  it('compares header names and ISPs in any case, patterns as written', () => {
    expect(listProblems('wafHeadersNotExist', ['X-Api-Key', 'x-api-key'])).toEqual([
      { index: 1, code: 'duplicate_entry' },
    ]);
    expect(listProblems('wafIsp', ['China Telecom', 'china telecom'])).toEqual([{ index: 1, code: 'duplicate_entry' }]);
    expect(listProblems('wafUri', ['^/a', '^/A', '^/a'])).toEqual([{ index: 2, code: 'duplicate_entry' }]);
    expect(listProblems('wafSetReqHeaders', ['x-a:1', 'X-A:2'])).toEqual([{ index: 1, code: 'duplicate_entry' }]);
  });

  it('reports each bad line by its index, and a too long entry as too_big', () => {
    expect(listProblems('wafCountry', ['US', 'usa', 'CN', 'US', 'x'.repeat(WAF_ENTRY_MAX_LENGTH + 1)])).toEqual([
      { index: 1, code: 'invalid_country' },
      { index: 3, code: 'duplicate_entry' },
      { index: 4, code: 'too_big' },
    ]);
  });
});

describe('splitLines', () => {
  it('numbers the lines of a text area from 1, skipping blank ones but counting them', () => {
    const entries = splitLines('10.0.0.0/8\r\n\n  bad-network  \n\n\n2001:db8::/32\n');
    expect(entries).toEqual([
      { value: '10.0.0.0/8', line: 1 },
      { value: 'bad-network', line: 3 },
      { value: '2001:db8::/32', line: 6 },
    ]);
    // A problem the API reports by index is shown at the entry's line.
    const problems = listProblems(
      'wafIp',
      entries.map((e) => e.value),
    );
    expect(problems.map((p) => ({ line: entries[p.index]!.line, code: p.code }))).toEqual([
      { line: 3, code: 'invalid_network' },
    ]);
  });

  it('gives nothing for an empty text area', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n \n')).toEqual([]);
  });
});
