import {
  DEFAULT_CACHED_EXTENSIONS,
  DEFAULT_NONCACHE_PATH,
  originPolicySettingsSchema,
  wafRuleSettingsSchema,
  type OriginPolicySettings,
} from '@parapet/shared';
import type { EdgeLayout, EdgeSnapshot, LineRecord, PolicyRecord } from '../../src/modules/edge/compile/model.js';
import type { PublishedRule } from '../../src/modules/edge/compile/rules-data.js';

/**
 * A published configuration with every kind of line setting in it, for the compiler's golden
 * files (compile.test.ts): what deploy tasks would have written for three lines, their rules,
 * two origin policies, a page and a certificate.
 */

const cacheOf = (over: Partial<LineRecord['cache']> = {}): LineRecord['cache'] => ({
  ignoreArgs: false,
  followOrigin: { paths: [], files: [] },
  paths: { patterns: [], force: [], browser: '1d', edge: '1d', minUses: 1 },
  files: { patterns: [], force: [], browser: '1d', edge: '1d', minUses: 1 },
  never: { paths: [], files: [] },
  defaults: {
    files: DEFAULT_CACHED_EXTENSIONS,
    noncachePath: DEFAULT_NONCACHE_PATH,
    browser: '1d',
    edge: '1d',
    minUses: 1,
  },
  ...over,
});

export function line(over: Partial<LineRecord> & Pick<LineRecord, 'id' | 'name' | 'domains'>): LineRecord {
  return {
    group: 'acme',
    version: 1,
    cname: `${over.id}.edge.parapet.localhost`,
    listen: { http: [80], https: [] },
    acceptHttp10: false,
    tls: null,
    redirectHttps: null,
    hsts: false,
    upgradeInsecureRequests: false,
    upstream: {
      scheme: 'http',
      portMapping: 'default',
      port: 80,
      servers: [{ address: '192.0.2.10', weight: 1, backup: false }],
    },
    upstreamTimeoutSeconds: 60,
    upstreamHttp11: true,
    upstreamCompression: true,
    requestIdHeader: null,
    hostHeader: null,
    websocketPaths: [],
    proxyBufferSizeKb: 4,
    maxUploadSizeMb: 1,
    errorPage: null,
    wafRules: [],
    cache: cacheOf(),
    ...over,
  } as LineRecord;
}

export function rule(id: string, name: string, settings: Record<string, unknown>): PublishedRule {
  return { ...wafRuleSettingsSchema.parse(settings), id, name, htmlPageId: null, originPolicyId: null };
}

export function policy(
  id: string,
  name: string,
  settings: Partial<OriginPolicySettings>,
  unhealthy: string[] = [],
): PolicyRecord {
  return { ...originPolicySettingsSchema.parse(settings), id, name, group: 'acme', unhealthy };
}

export function goldenSnapshot(): EdgeSnapshot {
  const rules = [
    rule('r-allow', 'allow_office', { wafAction: '00', wafIp: ['203.0.113.0/24', '2001:db8::/32'] }),
    {
      ...rule('r-deny', 'deny_admin', {
        wafAction: '01',
        wafIp: [],
        wafUri: ['^/admin'],
        wafHeadersNotExist: ['x-staff'],
      }),
      htmlPageId: 'p-deny',
    },
    rule('r-rate', 'flood', { wafAction: '08', wafRate: '100/10', wafBucketTime: 600, wafHttpMethod: ['POST'] }),
    rule('r-redirect', 'old_blog', {
      wafAction: '06',
      wafIp: [],
      wafUri: ['^/blog/old'],
      wafRedirectUrl: '{host}/blog',
      wafRedirectHttpCode: 301,
    }),
    rule('r-headers', 'tag_client', { wafAction: '09', wafSetReqHeaders: ['x-client-ip:$rip'] }),
    {
      ...rule('r-route', 'route_api', {
        wafAction: '13',
        wafIp: [],
        wafUri: ['^/api/'],
        wafOriginPolicyName: 'api_pool',
      }),
      originPolicyId: 'o-api',
    },
    rule('r-sqli', 'no_sqli', {
      wafAction: '01',
      wafOwasp: ['41000_sqli', '42000_xss'],
      wafCountry: ['CN'],
      wafCountryInvert: true,
    }),
  ];
  return {
    lines: [
      line({
        id: 'l-plain',
        name: 'plain.example',
        domains: ['plain.example.com', 'www.plain.example.com'],
        upstream: {
          scheme: 'http',
          portMapping: 'default',
          port: 8080,
          servers: [
            { address: '192.0.2.10', weight: 3, backup: false },
            { address: '192.0.2.11:81', weight: 1, backup: false },
            { address: '192.0.2.12', weight: 1, backup: true },
          ],
        },
        hostHeader: 'origin.plain.example.com',
        requestIdHeader: 'rid',
        websocketPaths: ['socket.io', '/live/'],
        proxyBufferSizeKb: 16,
        maxUploadSizeMb: 25,
        upstreamTimeoutSeconds: 120,
        wafRules: [
          { id: 'r-allow', name: 'allow_office', isEnabled: true },
          { id: 'r-deny', name: 'deny_admin', isEnabled: true },
          { id: 'r-rate', name: 'flood', isEnabled: false },
          { id: 'r-redirect', name: 'old_blog', isEnabled: true },
          { id: 'r-headers', name: 'tag_client', isEnabled: true },
        ],
        cache: cacheOf({
          ignoreArgs: true,
          followOrigin: { paths: ['/news/'], files: ['json'] },
          paths: { patterns: ['/static/', 'assets'], force: ['/forced/'], browser: '15d', edge: '30d', minUses: 5 },
          files: { patterns: ['*.mp4', 'robots.txt'], force: ['.woff2'], browser: '1d', edge: '15d', minUses: 1 },
          never: { paths: ['/cart/'], files: ['php'] },
        }),
      }),
      line({
        id: 'l-secure',
        name: 'secure.example',
        domains: ['secure.example.com'],
        listen: { http: [80], https: [443, 8443] },
        tls: { certificate: 'certs/c-1.pem', key: 'certs/c-1.key' },
        redirectHttps: { code: 307 },
        hsts: true,
        upgradeInsecureRequests: true,
        acceptHttp10: true,
        upstream: { policiesByRegion: { default: 'origin-policies/o-web.json', CN: 'origin-policies/o-api.json' } },
        upstreamHttp11: false,
        upstreamCompression: false,
        errorPage: 'html-pages/p-error.html',
        wafRules: [
          { id: 'r-route', name: 'route_api', isEnabled: true },
          { id: 'r-sqli', name: 'no_sqli', isEnabled: true },
        ],
      }),
      line({
        id: 'l-static',
        name: 'static.example',
        domains: ['static.example.com'],
        listen: { http: [80, 8080], https: [443] },
        tls: { system: true },
        upstream: {
          scheme: 'https',
          portMapping: 'static',
          port: null,
          servers: [{ address: 'origin.static.example.com', weight: 1, backup: false }],
        },
      }),
    ],
    rules: new Map(rules.map((r) => [r.id, r])),
    policies: new Map([
      [
        'o-web',
        policy(
          'o-web',
          'web_pool',
          {
            origins: [
              { address: '198.51.100.1', weight: 2, backup: false, enabled: true },
              { address: '198.51.100.2', weight: 1, backup: false, enabled: true },
            ],
            loadBalancerMethod: 'weight',
          },
          ['198.51.100.2'],
        ),
      ],
      [
        'o-api',
        policy('o-api', 'api_pool', {
          origins: [
            { address: '198.51.100.7', weight: 1, backup: false, enabled: true },
            { address: '198.51.100.8', weight: 1, backup: true, enabled: true },
          ],
          loadBalancerMethod: 'ipHash',
          originscheme: 'https',
        }),
      ],
    ]),
    pages: new Map([
      ['p-deny', '<html><body>Denied. Case ID: $request_id</body></html>\n'],
      ['p-error', '<html><body>Origin trouble. Case ID: $request_id</body></html>\n'],
    ]),
    certs: new Map([
      [
        'c-1',
        {
          pem: '-----BEGIN CERTIFICATE-----\nfixture\n-----END CERTIFICATE-----\n',
          key: '-----BEGIN PRIVATE KEY-----\nfixture\n-----END PRIVATE KEY-----\n',
        },
      ],
    ]),
  };
}

/** A layout of made-up paths: the golden files must not depend on this machine. */
export const goldenLayout: EdgeLayout = {
  liveDir: '/srv/parapet/edge/nginx/live',
  runDir: '/srv/parapet/edge/nginx/run',
  luaDir: '/opt/parapet/apps/server/edge/lua',
  modulesDir: '/usr/lib/nginx/modules',
  crs: {
    setup: '/etc/modsecurity/crs/crs-setup.conf',
    rulesDir: '/usr/share/modsecurity-crs/rules',
    ruleFiles: [
      'REQUEST-901-INITIALIZATION.conf',
      'REQUEST-913-SCANNER-DETECTION.conf',
      'REQUEST-920-PROTOCOL-ENFORCEMENT.conf',
      'REQUEST-941-APPLICATION-ATTACK-XSS.conf',
      'REQUEST-942-APPLICATION-ATTACK-SQLI.conf',
      'REQUEST-949-BLOCKING-EVALUATION.conf',
      'RESPONSE-950-DATA-LEAKAGES.conf',
    ],
  },
  countryDb: '/srv/parapet/geo/countries.mmdb',
  asnDb: '/srv/parapet/geo/asn.mmdb',
  systemCert: { pem: '/srv/parapet/edge/nginx/run/system.pem', key: '/srv/parapet/edge/nginx/run/system.key' },
  listenAddress: '127.0.0.1',
  portOffset: 10_000,
  controlPort: 9180,
  realIpFrom: [],
  workerProcesses: 'auto',
  workerUser: null,
  crsToken: 'golden-token',
};
