import { describe, expect, it } from 'vitest';
import { ALLOWED_HTTP_PORTS, MAX_UPLOAD_SIZE_MAX, MAX_UPLOAD_SIZE_MIN } from '../constants.js';
import { createServiceLineSchema, domainProblem, serviceLineSettingsSchema } from './service-lines.js';

const line = (over: Record<string, unknown> = {}) => ({
  groupName: 'acme',
  appProfileName: 'shop.example',
  customerPackage: 'standard',
  servername: ['shop.example.com'],
  origins: [{ address: '10.0.0.1' }],
  ...over,
});

/** The first problem of each field, as the server reports it. */
const codes = (input: unknown): Record<string, string> => {
  const result = createServiceLineSchema.safeParse(input);
  const found: Record<string, string> = {};
  // A missing field is `required`, as the server's error handler names it.
  if (!result.success)
    for (const i of result.error.issues)
      found[i.path.join('.')] ??=
        i.code === 'custom'
          ? i.message
          : i.code === 'invalid_type' && /received undefined/.test(i.message)
            ? 'required'
            : i.code;
  return found;
};

describe('service line defaults (spec §3)', () => {
  it('fills every default the spec names', () => {
    expect(createServiceLineSchema.parse(line())).toMatchObject({
      scheme: ['http'],
      httpPort: [80],
      httpsPort: [443],
      originscheme: 'http',
      portMappingType: 'default',
      originPort: 80,
      redirectHttpCode: 302,
      errorHtmlPageName: 'default',
      upstreamTimeout: 60,
      isEnabledCompressionToOrigin: true,
      isEnabledUpstreamHttp11: true,
      setCustomHostHeader: 'off',
      proxyBufferSize: 4,
      maxUploadSize: 1,
      cusCachepathExp: '1d',
      cusCachepathSrvexp: '1d',
      cusCachepathHottime: 1,
      defCachefileExp: '1d',
      defCachefileSrvexp: '1d',
      defCachefileHottime: 1,
      maxServerNameInAppProfileCount: -1,
      isAcceptHttpV1: false,
    });
  });
});

describe('ports (spec §5)', () => {
  const http = (port: number) => codes(line({ scheme: ['http'], httpPort: [port] }))['httpPort.0'];
  const https = (port: number, httpPort = [80]) =>
    codes(line({ scheme: ['http', 'https'], httpPort, httpsPort: [port] }))['httpsPort.0'];

  it.each(ALLOWED_HTTP_PORTS.map((p) => [p]))('accepts HTTP port %i', (port) => {
    expect(http(port)).toBeUndefined();
  });
  it.each([
    [0, 'too_small'],
    [1, 'http_port_not_allowed'],
    [79, 'http_port_not_allowed'],
    [81, 'http_port_not_allowed'],
    [8081, 'http_port_not_allowed'],
    [2096, 'http_port_not_allowed'],
    [65534, 'http_port_not_allowed'],
    [65535, 'too_big'],
  ])('refuses HTTP port %i (%s)', (port, code) => {
    expect(http(port)).toBe(code);
  });
  it.each([
    [443, undefined],
    [1000, 'https_port_not_allowed'],
    [1001, undefined],
    [4999, undefined],
    [5000, 'https_port_not_allowed'],
    [6000, 'https_port_not_allowed'],
    [6001, undefined],
    [32767, undefined],
    [32768, 'https_port_not_allowed'],
    [1, 'https_port_not_allowed'],
    [65534, 'https_port_not_allowed'],
    [0, 'too_small'],
    [65535, 'too_big'],
  ])('HTTPS port %i → %s', (port, code) => {
    expect(https(port)).toBe(code);
  });
  it('refuses an HTTPS port that is one of the chosen HTTP ports, but not an unchosen one', () => {
    expect(https(2082, [80, 2082])).toBe('https_port_is_http_port');
    expect(https(2082, [80])).toBeUndefined();
    expect(codes(line({ scheme: ['https'], httpPort: [2082], httpsPort: [2082] }))['httpsPort.0']).toBeUndefined();
  });
  it('needs a port of each chosen scheme and at least one scheme', () => {
    expect(codes(line({ scheme: ['http'], httpPort: [] }))).toMatchObject({ httpPort: 'required' });
    expect(codes(line({ scheme: ['https'], httpsPort: [] }))).toMatchObject({ httpsPort: 'required' });
    expect(codes(line({ scheme: [] }))).toMatchObject({ scheme: 'too_small' });
  });
});

describe('other rules (spec §5)', () => {
  it.each([
    ['no service name', { appProfileName: undefined }, 'appProfileName', 'required'],
    ['a service name without a dot', { appProfileName: 'shop' }, 'appProfileName', 'invalid_format'],
    ['a service name with a double dot', { appProfileName: 'shop..example' }, 'appProfileName', 'invalid_format'],
    ['a service name with capitals', { appProfileName: 'Shop.example' }, 'appProfileName', 'invalid_format'],
    ['a service name of 36 characters', { appProfileName: `${'a'.repeat(30)}.shop1` }, 'appProfileName', 'too_big'],
    ['no domain', { servername: [] }, 'servername', 'too_small'],
    ['no customer package', { customerPackage: undefined }, 'customerPackage', 'required'],
    ['no origin', { origins: [] }, 'origins', 'required'],
    ['a bad origin', { origins: [{ address: 'not an origin' }] }, 'origins.0.address', 'invalid_origin_address'],
    [
      'the same origin twice',
      { origins: [{ address: '10.0.0.1' }, { address: '10.0.0.1' }] },
      'origins.1.address',
      'duplicate_entry',
    ],
    ['a weight of 0', { origins: [{ address: '10.0.0.1', weight: 0 }] }, 'origins.0.weight', 'too_small'],
    ['a weight of 101', { origins: [{ address: '10.0.0.1', weight: 101 }] }, 'origins.0.weight', 'too_big'],
    ['an upload size below the minimum', { maxUploadSize: MAX_UPLOAD_SIZE_MIN - 1 }, 'maxUploadSize', 'too_small'],
    ['an upload size above the maximum', { maxUploadSize: MAX_UPLOAD_SIZE_MAX + 1 }, 'maxUploadSize', 'too_big'],
    ['a space in a cache path', { cusCachepath: 'static/\nmy path' }, 'cusCachepath', 'has_space'],
    [
      'a space in the host',
      { setCustomHostHeader: 'on', customHostHeader: 'origin host' },
      'customHostHeader',
      'has_space',
    ],
    [
      'a custom host header without a host',
      { setCustomHostHeader: 'on', customHostHeader: '' },
      'customHostHeader',
      'required',
    ],
    [
      'a region in two policy rows',
      {
        useOriginPolicy: true,
        usedOriginPolicies: [
          { regionName: ['default', 'US'], originPolicyName: 'a' },
          { regionName: ['US'], originPolicyName: 'b' },
        ],
      },
      'usedOriginPolicies.1.regionName.0',
      'region_exists',
    ],
    ['origin policies on but none chosen', { useOriginPolicy: true }, 'usedOriginPolicies', 'required'],
    ['an uploaded certificate not chosen', { scheme: ['https'], useSystemCert: false }, 'keypairname', 'required'],
    [
      'a redirect to HTTPS without both schemes',
      { scheme: ['https'], redirecthttps: true },
      'redirecthttps',
      'needs_both_schemes',
    ],
    ['an unknown redirect code', { redirectHttpCode: 303 }, 'redirectHttpCode', 'invalid_union'],
    ['the same domain twice', { servername: ['a.example.com', 'A.example.com'] }, 'servername.1', 'duplicate_entry'],
  ])('refuses %s', (_label, over, path, code) => {
    expect(codes(line(over))[path]).toBe(code);
  });

  it('accepts inline origins or policies, one or the other', () => {
    expect(
      codes(
        line({
          useOriginPolicy: true,
          origins: [],
          usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'web_pool' }],
        }),
      ),
    ).toEqual({});
    expect(codes(line())).toEqual({});
  });

  it('reports every bad field at once', () => {
    const found = codes(
      line({
        appProfileName: 'nodot',
        origins: [],
        maxUploadSize: 0,
        scheme: ['http', 'https'],
        httpPort: [81],
        httpsPort: [80],
        cusCachefile: 'a b',
      }),
    );
    expect(found).toEqual({
      appProfileName: 'invalid_format',
      maxUploadSize: 'too_small',
      cusCachefile: 'has_space',
      origins: 'required',
      'httpPort.0': 'http_port_not_allowed',
      'httpsPort.0': 'https_port_not_allowed',
    });
  });
});

describe('domains', () => {
  it.each([
    ['shop.example.com', undefined],
    ['*.example.com', undefined],
    ['a_b.example.com', undefined],
    [`${'a'.repeat(63)}.com`, undefined],
    [`${'a'.repeat(64)}.com`, 'subdomain_length_exceeded'],
    [`${'abcdefghi.'.repeat(25)}com`, undefined],
    [`${'abcdefghi.'.repeat(25)}comm`, 'length_exceeded'],
    ['localhost', 'invalid_domain'],
    ['-bad.example.com', 'invalid_domain'],
    ['bad-.example.com', 'invalid_domain'],
    ['10.0.0.1', 'invalid_domain'],
    ['exa mple.com', 'invalid_domain'],
    ['shop..example.com', 'invalid_domain'],
  ])('%s → %s', (domain, problem) => {
    expect(domainProblem(domain)).toBe(problem);
  });

  it('lower-cases domains as it reads them', () => {
    expect(serviceLineSettingsSchema.shape.servername.parse(['Shop.Example.COM'])).toEqual(['shop.example.com']);
  });
});
