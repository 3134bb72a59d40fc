import type { EventCacheStatus, WafProxyType } from '@parapet/shared';

/**
 * What the simulated traffic is made of, with the weights it is drawn by. The numbers are
 * shaped after a typical small commercial site behind a CDN (most requests are static files the
 * cache answers, most visitors are browsers from a few countries, a few percent are bots and
 * probes); they are meant to fill the dashboard believably, not to model any real site.
 */

export interface CountryProfile {
  code: string;
  weight: number;
  /** Access networks of the country, each with the first two octets its client addresses start with. */
  isps: ReadonlyArray<{ name: string; prefixes: readonly (readonly [number, number])[]; weight: number }>;
  languages: readonly string[];
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'US',
    weight: 30,
    isps: [
      {
        name: 'Comcast Cable',
        prefixes: [
          [73, 0],
          [24, 1],
        ],
        weight: 4,
      },
      {
        name: 'AT&T Services',
        prefixes: [
          [99, 1],
          [107, 77],
        ],
        weight: 3,
      },
      {
        name: 'Verizon Business',
        prefixes: [
          [71, 160],
          [108, 28],
        ],
        weight: 3,
      },
    ],
    languages: ['en-US,en;q=0.9'],
  },
  {
    code: 'CN',
    weight: 14,
    isps: [
      {
        name: 'China Telecom',
        prefixes: [
          [113, 64],
          [180, 96],
        ],
        weight: 5,
      },
      {
        name: 'China Unicom',
        prefixes: [
          [123, 112],
          [221, 192],
        ],
        weight: 3,
      },
      {
        name: 'China Mobile',
        prefixes: [
          [120, 192],
          [223, 104],
        ],
        weight: 3,
      },
    ],
    languages: ['zh-CN,zh;q=0.9,en;q=0.6'],
  },
  {
    code: 'DE',
    weight: 7,
    isps: [
      {
        name: 'Deutsche Telekom',
        prefixes: [
          [79, 192],
          [87, 128],
        ],
        weight: 3,
      },
      { name: 'Vodafone GmbH', prefixes: [[88, 64]], weight: 2 },
    ],
    languages: ['de-DE,de;q=0.9,en;q=0.7'],
  },
  {
    code: 'JP',
    weight: 6,
    isps: [
      {
        name: 'NTT Communications',
        prefixes: [
          [153, 128],
          [118, 0],
        ],
        weight: 3,
      },
      { name: 'KDDI', prefixes: [[106, 128]], weight: 2 },
    ],
    languages: ['ja-JP,ja;q=0.9,en;q=0.6'],
  },
  {
    code: 'GB',
    weight: 6,
    isps: [
      {
        name: 'British Telecommunications',
        prefixes: [
          [86, 128],
          [81, 128],
        ],
        weight: 3,
      },
      { name: 'Virgin Media', prefixes: [[82, 0]], weight: 2 },
    ],
    languages: ['en-GB,en;q=0.9'],
  },
  {
    code: 'TW',
    weight: 5,
    isps: [
      {
        name: 'Chunghwa Telecom',
        prefixes: [
          [114, 32],
          [111, 240],
        ],
        weight: 1,
      },
    ],
    languages: ['zh-TW,zh;q=0.9,en;q=0.6'],
  },
  {
    code: 'IN',
    weight: 5,
    isps: [
      {
        name: 'Reliance Jio',
        prefixes: [
          [49, 32],
          [157, 32],
        ],
        weight: 3,
      },
      { name: 'Bharti Airtel', prefixes: [[122, 160]], weight: 2 },
    ],
    languages: ['en-IN,en;q=0.9,hi;q=0.7'],
  },
  {
    code: 'FR',
    weight: 4,
    isps: [
      {
        name: 'Orange',
        prefixes: [
          [90, 0],
          [86, 192],
        ],
        weight: 1,
      },
    ],
    languages: ['fr-FR,fr;q=0.9,en;q=0.6'],
  },
  {
    code: 'BR',
    weight: 4,
    isps: [
      {
        name: 'Claro',
        prefixes: [
          [177, 32],
          [189, 0],
        ],
        weight: 1,
      },
    ],
    languages: ['pt-BR,pt;q=0.9,en;q=0.6'],
  },
  {
    code: 'SG',
    weight: 3,
    isps: [
      {
        name: 'Singtel',
        prefixes: [
          [116, 14],
          [118, 200],
        ],
        weight: 1,
      },
    ],
    languages: ['en-SG,en;q=0.9,zh;q=0.6'],
  },
  {
    code: 'KR',
    weight: 3,
    isps: [
      {
        name: 'Korea Telecom',
        prefixes: [
          [121, 128],
          [175, 192],
        ],
        weight: 1,
      },
    ],
    languages: ['ko-KR,ko;q=0.9,en;q=0.6'],
  },
  {
    code: 'CA',
    weight: 3,
    isps: [
      {
        name: 'Rogers Communications',
        prefixes: [
          [99, 224],
          [174, 112],
        ],
        weight: 1,
      },
    ],
    languages: ['en-CA,en;q=0.9,fr;q=0.6'],
  },
  {
    code: 'AU',
    weight: 2,
    isps: [
      {
        name: 'Telstra',
        prefixes: [
          [101, 160],
          [120, 144],
        ],
        weight: 1,
      },
    ],
    languages: ['en-AU,en;q=0.9'],
  },
  {
    code: 'RU',
    weight: 3,
    isps: [
      {
        name: 'Rostelecom',
        prefixes: [
          [95, 24],
          [178, 64],
        ],
        weight: 1,
      },
    ],
    languages: ['ru-RU,ru;q=0.9,en;q=0.5'],
  },
  {
    code: 'NL',
    weight: 2,
    isps: [
      {
        name: 'KPN',
        prefixes: [
          [145, 128],
          [77, 160],
        ],
        weight: 1,
      },
    ],
    languages: ['nl-NL,nl;q=0.9,en;q=0.8'],
  },
  {
    code: 'VN',
    weight: 2,
    isps: [
      {
        name: 'Viettel',
        prefixes: [
          [27, 72],
          [171, 224],
        ],
        weight: 1,
      },
    ],
    languages: ['vi-VN,vi;q=0.9,en;q=0.6'],
  },
];

/** Hosting networks bots, scanners and floods come from (they carry a proxy type: data centre). */
export const DATA_CENTRES: ReadonlyArray<{ country: string; isp: string; prefix: readonly [number, number] }> = [
  { country: 'US', isp: 'Amazon.com', prefix: [54, 160] },
  { country: 'US', isp: 'Google Cloud', prefix: [34, 120] },
  { country: 'DE', isp: 'Hetzner Online', prefix: [88, 198] },
  { country: 'NL', isp: 'DigitalOcean', prefix: [159, 223] },
  { country: 'SG', isp: 'Alibaba Cloud', prefix: [47, 74] },
  { country: 'RU', isp: 'Selectel', prefix: [92, 53] },
];

export const BROWSERS: ReadonlyArray<readonly [string, number]> = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    30,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    20,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    18,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    12,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 8],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    7,
  ],
];

/** Crawlers that say who they are; they come with the `ces` proxy type (search-engine crawler). */
export const CRAWLERS: ReadonlyArray<readonly [string, number]> = [
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 5],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 2],
  ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', 2],
  ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 1],
];

/** Scripts and scanners. */
export const TOOLS: readonly string[] = [
  'python-requests/2.32.3',
  'curl/8.5.0',
  'Go-http-client/1.1',
  'Mozilla/5.0 zgrab/0.x',
  'sqlmap/1.8.4#stable (https://sqlmap.org)',
  'Nikto/2.5.0',
];

/** What a request is for, by kind of client. */
export const REQUEST_KINDS = ['page', 'asset', 'api', 'crawler', 'scanner', 'sqli', 'xss', 'flood'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The mix outside floods; a flood window adds its own share on top (see traffic-generator.ts). */
export const REQUEST_KIND_WEIGHTS: Readonly<Record<Exclude<RequestKind, 'flood'>, number>> = {
  page: 26,
  asset: 55,
  api: 10,
  crawler: 5,
  scanner: 2,
  sqli: 1.2,
  xss: 0.8,
};

/** Static file kinds: extension, accept header, size range in bytes, and how often the cache answers. */
export interface AssetKind {
  extension: string;
  folder: string;
  accept: string;
  bytes: readonly [number, number];
  weight: number;
  cache: ReadonlyArray<readonly [EventCacheStatus, number]>;
}

const STATIC_CACHE: ReadonlyArray<readonly [EventCacheStatus, number]> = [
  ['HIT', 86],
  ['MISS', 8],
  ['EXPIRED', 3],
  ['REVALIDATED', 1.5],
  ['STALE', 0.5],
  ['UPDATING', 0.5],
  ['BYPASS', 0.5],
];

export const ASSET_KINDS: readonly AssetKind[] = [
  { extension: 'js', folder: 'static/js', accept: '*/*', bytes: [8_000, 400_000], weight: 22, cache: STATIC_CACHE },
  {
    extension: 'css',
    folder: 'static/css',
    accept: 'text/css,*/*;q=0.1',
    bytes: [4_000, 120_000],
    weight: 12,
    cache: STATIC_CACHE,
  },
  {
    extension: 'webp',
    folder: 'images',
    accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
    bytes: [6_000, 600_000],
    weight: 30,
    cache: STATIC_CACHE,
  },
  {
    extension: 'jpg',
    folder: 'images',
    accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
    bytes: [15_000, 1_500_000],
    weight: 14,
    cache: STATIC_CACHE,
  },
  { extension: 'woff2', folder: 'fonts', accept: '*/*', bytes: [20_000, 90_000], weight: 6, cache: STATIC_CACHE },
  {
    extension: 'mp4',
    folder: 'media',
    accept: '*/*',
    bytes: [500_000, 20_000_000],
    weight: 2,
    cache: [
      ['HIT', 70],
      ['MISS', 25],
      ['EXPIRED', 5],
    ],
  },
];

/** Pages are rendered per visitor, so the edge mostly passes them on (`-`), sometimes caches them briefly. */
export const PAGE_CACHE: ReadonlyArray<readonly [EventCacheStatus, number]> = [
  ['-', 80],
  ['HIT', 10],
  ['MISS', 6],
  ['BYPASS', 4],
];

export const PAGE_SECTIONS = ['products', 'blog', 'docs', 'help', 'news'] as const;
export const PAGE_WORDS = [
  'alpine',
  'harbor',
  'summit',
  'cedar',
  'quartz',
  'meadow',
  'ember',
  'tidal',
  'copper',
  'lumen',
  'atlas',
  'violet',
  'granite',
  'orbit',
  'willow',
  'falcon',
] as const;

export const API_ENDPOINTS: ReadonlyArray<readonly [method: string, path: string, weight: number]> = [
  ['GET', '/api/v1/products', 30],
  ['GET', '/api/v1/cart', 20],
  ['POST', '/api/v1/cart/items', 10],
  ['GET', '/api/v1/session', 15],
  ['POST', '/api/v1/login', 6],
  ['POST', '/api/v1/orders', 4],
  ['OPTIONS', '/api/v1/cart', 5],
];

/** Paths scanners probe for: admin panels, leaked files, known weak spots. */
export const SCANNER_PATHS: readonly string[] = [
  '/wp-login.php',
  '/wp-admin/setup-config.php',
  '/.env',
  '/.git/config',
  '/phpmyadmin/index.php',
  '/admin/config.php',
  '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
  '/cgi-bin/luci',
  '/actuator/env',
  '/server-status',
  '/backup.zip',
  '/.aws/credentials',
];

export const SQLI_ARGS: readonly string[] = [
  "id=1' OR '1'='1",
  'id=1 UNION SELECT username,password FROM users--',
  "q=x'; DROP TABLE orders;--",
  'id=1 AND SLEEP(5)',
  "name=admin'--",
  'sort=(SELECT CASE WHEN (1=1) THEN 1 ELSE 0 END)',
];

export const XSS_ARGS: readonly string[] = [
  'q=<script>alert(document.cookie)</script>',
  'q=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'name=<img src=x onerror=alert(1)>',
  'redirect=javascript:alert(1)',
  'q="><svg/onload=confirm(1)>',
];

export const REFERERS: ReadonlyArray<readonly [string, number]> = [
  ['', 35],
  ['https://www.google.com/', 30],
  ['https://www.bing.com/', 5],
  ['https://www.baidu.com/', 5],
  ['https://t.co/', 3],
  ['https://www.facebook.com/', 3],
];

export const PROTOCOLS: ReadonlyArray<readonly [string, number]> = [
  ['HTTP/2.0', 70],
  ['HTTP/1.1', 20],
  ['HTTP/3.0', 10],
];

/** What origins answer a page or API call, apart from the firewall. */
export const ORIGIN_STATUSES: ReadonlyArray<readonly [number, number]> = [
  [200, 900],
  [304, 30],
  [301, 15],
  [302, 10],
  [404, 25],
  [400, 4],
  [401, 4],
  [500, 5],
  [502, 4],
  [503, 2],
  [504, 1],
];

/** How a flood's client names itself. */
export const FLOOD_PROXY_TYPES: readonly WafProxyType[] = ['dch', 'vpn', 'pub'];

/**
 * What a cache hit answers with: what an edge keeps in its cache (nginx `proxy_cache_valid`:
 * 200, 301 and 302, and a 404 briefly), and 304 to a conditional request. An error the origin
 * gave (400, 401, 5xx) is not cached, so it never comes back as a hit with no upstream.
 */
export const CACHED_STATUSES: ReadonlyArray<readonly [number, number]> = ORIGIN_STATUSES.filter(([status]) =>
  [200, 301, 302, 304, 404].includes(status),
);
