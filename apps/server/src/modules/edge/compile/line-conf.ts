import path from 'node:path';
import type { EdgeLayout, LineRecord } from './model.js';
import { cacheClasses, cacheDirectives } from './cache.js';

/**
 * One service line as an nginx server block (docs/edge.md). What a request meets, in order:
 * ModSecurity with CRS (only on lines whose rules ask for OWASP categories; it never answers the
 * visitor itself, see crs.ts), then the Lua access handler (HTTP/1.0, the HTTPS redirect, the
 * firewall rules as data, the origin), then the cache class location and the proxy.
 * Everything a rule decides is data (data.json) and changes without a reload.
 */

export const cacheZone = (lineId: string) => `c_${lineId.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * An nginx string in double quotes. Only ids, host names, paths and regexes go in, none of which
 * the console lets hold a variable; a backslash stays as written, as nginx keeps `\.` literally.
 */
export const quoted = (text: string) => `"${text.replace(/"/g, '\\"')}"`;

/** The first CRS status the edge reads a category mask from (crs.ts). */
export const CRS_STATUS_BASE = 530;
export const CRS_MASK_MAX = 63;

function listens(line: LineRecord, layout: EdgeLayout): string[] {
  const at = (port: number, ssl: boolean) =>
    `  listen ${layout.listenAddress}:${port + layout.portOffset}${ssl ? ' ssl' : ''};`;
  return [...line.listen.http.map((p) => at(p, false)), ...line.listen.https.map((p) => at(p, true))];
}

/** The line's certificate, or the system one when it uses that or its own is not published. */
function tls(line: LineRecord, layout: EdgeLayout, certs: ReadonlySet<string>): string[] {
  if (!line.tls) return [];
  const { certificate, key } = line.tls;
  const own = certificate && key && certs.has(path.basename(certificate, '.pem'));
  const cert = own ? { pem: certificate, key } : layout.systemCert;
  return [`  ssl_certificate ${cert.pem};`, `  ssl_certificate_key ${cert.key};`];
}

/**
 * How the line talks to its origin, set once in the server block and inherited by its locations
 * (nginx's proxy settings flow down to a location unless it sets its own).
 */
function proxySettings(line: LineRecord): string[] {
  const timeout = `${line.upstreamTimeoutSeconds}s`;
  return [
    `proxy_http_version ${line.upstreamHttp11 ? '1.1' : '1.0'};`,
    `proxy_connect_timeout ${timeout};`,
    `proxy_read_timeout ${timeout};`,
    `proxy_send_timeout ${timeout};`,
    `proxy_buffer_size ${line.proxyBufferSizeKb}k;`,
    // nginx refuses a header buffer larger than the body buffers allow to be busy: size them along.
    `proxy_buffers 8 ${line.proxyBufferSizeKb}k;`,
    `proxy_busy_buffers_size ${line.proxyBufferSizeKb * 2}k;`,
    'proxy_ssl_server_name on;',
    'proxy_ssl_name $host;',
    // Compression toward the origin: gzip asked for, and unpacked for visitors that did not ask.
    ...(line.upstreamCompression ? ['gunzip on;'] : []),
  ];
}

/** The headers the origin gets (a location that sets any header must repeat them all). */
function proxyHeaders(line: LineRecord, upgrade: boolean): string[] {
  return [
    `proxy_set_header Host ${line.hostHeader ? quoted(line.hostHeader) : '$host'};`,
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // Keep-alive to the origin needs the visitor's Connection header gone, but an upgrade needs it.
    ...(upgrade
      ? ['proxy_set_header Upgrade $http_upgrade;', 'proxy_set_header Connection $parapet_connection_upgrade;']
      : ['proxy_set_header Connection "";']),
    `proxy_set_header Accept-Encoding ${line.upstreamCompression ? '"gzip"' : '""'};`,
    ...(line.requestIdHeader ? [`proxy_set_header ${line.requestIdHeader} $request_id;`] : []),
  ];
}

const PROXY_PASS = 'proxy_pass $parapet_origin_scheme://$parapet_upstream;';

const indent = (lines: string[], depth: string) => lines.map((l) => `${depth}${l}`);

export function lineConf(line: LineRecord, layout: EdgeLayout, usesCrs: boolean, certs: ReadonlySet<string>): string {
  const zone = cacheZone(line.id);
  // The named locations a request reaches after CRS judged it must not judge it again.
  const crsOff = usesCrs ? ['    modsecurity off;'] : [];
  const out: string[] = [
    // No version here: a save that changes only data must leave nginx's files as they were.
    `# ${line.group} / ${line.name}`,
    'server {',
    ...listens(line, layout),
    `  server_name ${line.domains.join(' ')};`,
    ...tls(line, layout, certs),
    `  set $parapet_line ${quoted(line.id)};`,
    '  set $parapet_upstream "";',
    '  set $parapet_backup "";',
    '  set $parapet_origin_scheme http;',
    '  set $parapet_judged "";',
    `  client_max_body_size ${line.maxUploadSizeMb}m;`,
    ...indent([...proxySettings(line), ...proxyHeaders(line, false)], '  '),
    // The cache key: the visitor's scheme and host, the path, and the query string unless ignored.
    `  proxy_cache_key ${line.cache.ignoreArgs ? '$scheme$host$uri' : '$scheme$host$request_uri'};`,
  ];
  if (line.hsts) out.push('  add_header Strict-Transport-Security "max-age=31536000" always;');
  if (line.upgradeInsecureRequests)
    out.push('  add_header Content-Security-Policy "upgrade-insecure-requests" always;');
  if (usesCrs) {
    out.push('  modsecurity on;');
    for (let mask = 1; mask <= CRS_MASK_MAX; mask++)
      out.push(`  error_page ${CRS_STATUS_BASE + mask} =${CRS_STATUS_BASE + mask} @parapet_crs;`);
  }
  // `=status` keeps the failure's status readable where it lands (Lua reads it there).
  out.push(
    ...[502, 504].map((status) => `  error_page ${status} =${status} @parapet_backup;`),
    ...[500, 503].map((status) => `  error_page ${status} =${status} @parapet_error;`),
  );

  for (const socketPath of line.websocketPaths) {
    const prefix = socketPath.startsWith('/') ? socketPath : `/${socketPath}`;
    out.push(
      `  location ^~ ${quoted(prefix)} {`,
      ...indent([PROXY_PASS, 'proxy_http_version 1.1;', ...proxyHeaders(line, true), 'proxy_cache off;'], '    '),
      '  }',
    );
  }
  for (const cls of cacheClasses(line))
    out.push(
      `  location ~ ${quoted(cls.regex)} {`,
      ...indent([PROXY_PASS, ...cacheDirectives(zone, cls)], '    '),
      '  }',
    );
  out.push('  location / {', ...indent([PROXY_PASS, ...cacheDirectives(zone, null)], '    '), '  }');
  // Where CRS's verdict comes back (crs.ts): the access handler reads it and runs the request again.
  // (`return` would run before the access phase, so the handler answers in Lua.)
  if (usesCrs)
    out.push('  location @parapet_crs {', '    modsecurity off;', '    content_by_lua_block { ngx.exit(500) }', '  }');
  out.push(
    '  location @parapet_backup {',
    ...crsOff,
    '    recursive_error_pages on;',
    ...[502, 504].map((status) => `    error_page ${status} =${status} @parapet_error;`),
    '    proxy_pass $parapet_origin_scheme://$parapet_backup;',
    '    proxy_cache off;',
    '  }',
    '  location @parapet_error {',
    ...crsOff,
    '    content_by_lua_block { require("parapet.pages").error() }',
    '  }',
    '}',
    '',
  );
  return out.join('\n');
}
