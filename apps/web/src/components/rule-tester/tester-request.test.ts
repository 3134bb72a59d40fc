import { describe, expect, it } from 'vitest';
import { isClientIp, parseTestUrl, readHeaderLines, testBody, TESTER_DEFAULTS } from './tester-request';

describe('parseTestUrl', () => {
  it('takes scheme, host, the path as the edge normalises it, and the query', () => {
    expect(parseTestUrl(' https://WWW.Shop.example.com:8443/a//b/./c/../%64?x=1&y=2 ')).toEqual({
      scheme: 'https',
      host: 'www.shop.example.com',
      uri: '/a/b/d',
      args: 'x=1&y=2',
    });
    expect(parseTestUrl('http://shop.example.com')).toEqual({
      scheme: 'http',
      host: 'shop.example.com',
      uri: '/',
      args: '',
    });
  });

  it('decodes escapes in the path (the value URI patterns see)', () => {
    expect(parseTestUrl('https://shop.example.com/admin%2Fsecret')?.uri).toBe('/admin/secret');
  });

  it('refuses what is not an http(s) URL', () => {
    for (const bad of ['', 'shop.example.com/a', 'ftp://shop.example.com/', 'https://', 'not a url'])
      expect(parseTestUrl(bad), bad).toBeNull();
  });
});

describe('readHeaderLines', () => {
  it('reads name: value lines by lower-case name, blank lines skipped, repeats joined', () => {
    expect(readHeaderLines('User-Agent: curl/8.0\n\nAccept: a\naccept: b\nCookie: a=1\ncookie: b=2')).toEqual({
      ok: true,
      headers: { 'user-agent': 'curl/8.0', accept: 'a, b', cookie: 'a=1; b=2' },
    });
  });

  it('names the first line that is not a header, counting blank lines', () => {
    expect(readHeaderLines('accept: a\n\nno colon here')).toEqual({ ok: false, line: 3 });
    expect(readHeaderLines('bad name: x')).toEqual({ ok: false, line: 1 });
  });
});

describe('isClientIp', () => {
  it('takes one IPv4 or IPv6 address, not a network or a name', () => {
    expect(isClientIp('203.0.113.10')).toBe(true);
    expect(isClientIp(' 2001:db8::1 ')).toBe(true);
    for (const bad of ['10.0.0.0/8', 'shop.example.com', '300.1.1.1', '2001:db8:::1', ''])
      expect(isClientIp(bad), bad).toBe(false);
  });
});

describe('testBody', () => {
  const rules = [
    { value: 'deny_office', isEnabled: true },
    { value: 'log_all', isEnabled: false },
  ];

  it('sends a request of fields with its Host from the URL, and only the edge facts typed in', () => {
    const body = testBody(
      { groupName: 'acme', rules },
      {
        ...TESTER_DEFAULTS,
        method: 'POST',
        url: 'https://shop.example.com/login?next=/',
        headers: 'X-Test: 1',
        clientIp: ' 10.1.2.3 ',
        country: 'DE',
        isp: '  ',
        ratePerSecond: 12,
        owasp: ['41000_sqli'],
      },
      'form',
    );
    expect(body).toEqual({
      groupName: 'acme',
      rules,
      request: {
        method: 'POST',
        scheme: 'https',
        host: 'shop.example.com',
        uri: '/login',
        args: 'next=/',
        headers: { host: 'shop.example.com', 'x-test': '1' },
        clientIp: '10.1.2.3',
        country: 'DE',
        ratePerSecond: 12,
        owasp: ['41000_sqli'],
      },
    });
  });

  it('a typed Host header wins over the URL', () => {
    const body = testBody(
      { groupName: 'acme', appProfileName: 'shop' },
      { ...TESTER_DEFAULTS, url: 'https://a.example.com/', headers: 'Host: b.example.com', clientIp: '::1' },
      'form',
    );
    expect(body.appProfileName).toBe('shop');
    expect(body.request?.headers).toEqual({ host: 'b.example.com' });
  });

  it('in raw mode sends the text as `raw` and only the client and edge facts as the request', () => {
    const raw = 'GET / HTTP/1.1\nHost: shop.example.com';
    const body = testBody(
      { groupName: 'acme', rules },
      { ...TESTER_DEFAULTS, url: 'ignored', raw, clientIp: '10.0.0.1', proxyType: 'tor' },
      'raw',
    );
    expect(body).toEqual({
      groupName: 'acme',
      rules,
      raw,
      request: { clientIp: '10.0.0.1', proxyType: 'tor', owasp: [] },
    });
  });
});
