import { describe, expect, it } from 'vitest';
import { normalizeUri, parseRawRequest } from './raw-request.js';
import { hasValidEscapes, percentDecode } from './uri.js';

describe('normalizeUri, as nginx gives $uri', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/a/b', '/a/b'],
    ['/a/b/', '/a/b/'],
    ['//a///b//', '/a/b/'],
    ['/a/./b', '/a/b'],
    ['/a/b/.', '/a/b/'],
    ['/a/b/..', '/a/'],
    ['/a/b/../c', '/a/c'],
    ['/a/../../b', '/b'],
    ['/..', '/'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/a/..b/.c/...', '/a/..b/.c/...'],
    ['/caf%C3%A9', '/café'],
    ['/a%20b', '/a b'],
    ['/a%2Fb', '/a/b'],
    ['/a%2f%2fb', '/a/b'],
    ['/a/%2E%2E/b', '/b'],
    ['/a/%2e/b', '/a/b'],
    ['/100%25', '/100%'],
    ['/100%2541', '/100%41'],
    ['/q%3Fx=1', '/q?x=1'],
    ['/a+b', '/a+b'],
    ['/%FF', '/\uFFFD'],
    ['/bad%zz', '/bad%zz'],
    ['/nul%00', '/nul%00'],
    ['/end%', '/end%'],
  ])('%j is %j', (path, uri) => {
    expect(normalizeUri(path)).toBe(uri);
  });

  it('decodes each escape once', () => {
    expect(percentDecode('%2541%41')).toBe('%41A');
  });

  it.each([
    ['/a%20b', true],
    ['/plain', true],
    ['/%zz', false],
    ['/%4', false],
    ['/%', false],
    ['/%00', false],
  ])('%j has valid escapes: %s', (path, valid) => {
    expect(hasValidEscapes(path)).toBe(valid);
  });
});

const crlf = (...lines: string[]) => lines.join('\r\n');

describe('parseRawRequest', () => {
  it('reads the request line, headers and the Host header (CRLF)', () => {
    const raw = crlf(
      'POST /shop/../cart//items?id=7&x=%20 HTTP/1.1',
      'Host: Shop.Example.com:8443',
      'User-Agent: curl/8.5.0',
      'Content-Type:application/json',
      '',
      '{"ignored": true}',
      'Not: a header',
    );
    expect(parseRawRequest(raw)).toEqual({
      ok: true,
      facts: {
        method: 'POST',
        scheme: 'https',
        host: 'shop.example.com',
        uri: '/cart/items',
        args: 'id=7&x=%20',
        headers: {
          host: 'Shop.Example.com:8443',
          'user-agent': 'curl/8.5.0',
          'content-type': 'application/json',
        },
      },
    });
  });

  it('takes LF line ends and a request without headers', () => {
    expect(parseRawRequest('GET / HTTP/1.0\n')).toEqual({
      ok: true,
      facts: { method: 'GET', scheme: 'https', host: '', uri: '/', args: '', headers: {} },
    });
  });

  it('takes scheme and host from an absolute-form target, before the Host header', () => {
    const result = parseRawRequest(crlf('GET http://user@API.example.com:8080/v1/%7Euser?q HTTP/1.1', 'Host: other'));
    expect(result).toMatchObject({
      ok: true,
      facts: { scheme: 'http', host: 'api.example.com', uri: '/v1/~user', args: 'q' },
    });
  });

  it.each([
    ['https://example.com', '/', ''],
    ['https://example.com?x=1', '/', 'x=1'],
    ['HTTPS://example.com./a', '/a', ''],
  ])('reads the absolute-form target %j', (target, uri, args) => {
    const result = parseRawRequest(`GET ${target} HTTP/1.1`);
    expect(result).toMatchObject({ ok: true, facts: { scheme: 'https', host: 'example.com', uri, args } });
  });

  it('reads an IPv6 host without its port', () => {
    expect(parseRawRequest(crlf('GET / HTTP/1.1', 'Host: [2001:DB8::1]:443'))).toMatchObject({
      facts: { host: '[2001:db8::1]' },
    });
  });

  it('drops a fragment', () => {
    expect(parseRawRequest('GET /page?a=1#top HTTP/1.1')).toMatchObject({ facts: { uri: '/page', args: 'a=1' } });
  });

  it('joins repeated headers, cookies with "; ", and lower-cases names', () => {
    const raw = crlf(
      'GET / HTTP/1.1',
      'Accept: text/html',
      'ACCEPT: */*',
      'Cookie: a=1',
      'cookie: b=2',
      'X-Empty:',
      'X-Spaced:   padded value   ',
    );
    expect(parseRawRequest(raw)).toMatchObject({
      ok: true,
      facts: {
        headers: { accept: 'text/html, */*', cookie: 'a=1; b=2', 'x-empty': '', 'x-spaced': 'padded value' },
      },
    });
  });

  it('skips blank lines before the request line and counts them', () => {
    expect(parseRawRequest('\r\n\r\nGET /x HTTP/1.1\r\nHost: a.example')).toMatchObject({
      ok: true,
      facts: { uri: '/x', host: 'a.example' },
    });
    expect(parseRawRequest('\n\nGET /x HTTP/2\n')).toEqual({ ok: false, line: 3 });
  });

  it('keeps the method as written (the evaluator compares it in upper case)', () => {
    expect(parseRawRequest('get / HTTP/1.1')).toMatchObject({ facts: { method: 'get' } });
  });

  it.each([
    ['', 1],
    ['   \n', 1],
    ['GET /', 1],
    ['GET / HTTP/2', 1],
    ['GET / HTTP/1.1 extra', 1],
    ['GET  HTTP/1.1', 1],
    ['GET a/b HTTP/1.1', 1],
    ['GET * HTTP/1.1', 1],
    ['CONNECT example.com:443 HTTP/1.1', 1],
    ['GET ftp://example.com/ HTTP/1.1', 1],
    ['GET http:///path HTTP/1.1', 1],
    ['G(T / HTTP/1.1', 1],
    ['GET /%zz HTTP/1.1', 1],
    ['GET /a%00b HTTP/1.1', 1],
    ['GET / HTTP/1.1\r\nHost: a.example\r\nno colon here', 3],
    ['GET / HTTP/1.1\r\nX-A: 1\r\n  folded', 3],
    ['GET / HTTP/1.1\r\nX-A: 1\r\n\tfolded', 3],
    ['GET / HTTP/1.1\nBad Name: x', 2],
    ['GET / HTTP/1.1\n: no name', 2],
    ['GET / HTTP/1.1\nHost : a.example', 2],
    ['GET / HTTP/1.1\nHost: a.example\nHost: b.example', 3],
    ['GET / HTTP/1.1\nHost: a/b', 2],
  ])('refuses %j at line %i', (raw, line) => {
    expect(parseRawRequest(raw)).toEqual({ ok: false, line });
  });

  it('ignores what follows the first blank line, however malformed', () => {
    expect(parseRawRequest('GET / HTTP/1.1\n\nno colon\n  folded')).toMatchObject({ ok: true });
  });
});
