import path from 'node:path';
import { addressNetworks } from '@parapet/shared';
import type { CompiledEdge, EdgeLayout, EdgeSnapshot } from './model.js';
import { crsConf } from './crs.js';
import { edgeData, pageFile } from './edge-data.js';
import { cacheZone, lineConf } from './line-conf.js';
import { linePool, policyPool, upstreamBlocks } from './upstreams.js';

/**
 * The compiler (issue 14 item 2): the stored configuration, as published, → nginx's files. A pure
 * function of its two arguments, so the same records always give the same files (golden tests
 * in apps/server/test/edge/compile.test.ts) and a publish can tell a change that needs nginx
 * reloaded from one that is only data.
 */

export const DATA_FILE = 'data.json';
export const MAIN_FILE = 'nginx.conf';
/** Names the generation; the edge reports it once a reload has taken it (publish.ts waits for that). */
export const GENERATION_FILE = 'GENERATION';

/** Lines whose enabled rules ask CRS for a category get ModSecurity; no other line pays for it. */
export function linesUsingCrs(snapshot: EdgeSnapshot): Set<string> {
  const out = new Set<string>();
  for (const line of snapshot.lines)
    for (const used of line.wafRules) {
      const rule = used.id ? snapshot.rules.get(used.id) : undefined;
      if (used.isEnabled && rule && rule.wafOwasp.length > 0) out.add(line.id);
    }
  return out;
}

function mainConf(snapshot: EdgeSnapshot, layout: EdgeLayout, usesCrs: boolean): string {
  const run = layout.runDir;
  const modules = ['ndk_http_module.so', 'ngx_http_lua_module.so'];
  if (layout.countryDb || layout.asnDb) modules.push('ngx_http_geoip2_module.so');
  if (usesCrs) modules.push('ngx_http_modsecurity_module.so');
  const ports = new Map<number, boolean>();
  for (const line of snapshot.lines) {
    for (const p of line.listen.http) ports.set(p, ports.get(p) ?? false);
    for (const p of line.listen.https) ports.set(p, true);
  }
  const visitorPorts = [...ports.keys()].sort((a, b) => a - b);
  const upstreams: string[] = [];
  for (const line of [...snapshot.lines].sort((a, b) => a.id.localeCompare(b.id))) {
    const pool = linePool(line);
    if (pool) upstreams.push(...upstreamBlocks(pool, [...line.listen.http, ...line.listen.https]));
  }
  for (const policy of [...snapshot.policies.values()].sort((a, b) => a.id.localeCompare(b.id)))
    upstreams.push(...upstreamBlocks(policyPool(policy), visitorPorts));
  const caches = [...snapshot.lines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(
      (line) =>
        `  proxy_cache_path ${path.join(run, 'cache', line.id)} levels=1:2 keys_zone=${cacheZone(line.id)}:2m max_size=1g inactive=30d use_temp_path=off;`,
    );
  const defaults = visitorPorts.map((port) => {
    const ssl = ports.get(port) ? ' ssl' : '';
    const cert = ssl ? ` ssl_certificate ${layout.systemCert.pem}; ssl_certificate_key ${layout.systemCert.key};` : '';
    // A name no line serves: nothing to judge or log, so a plain answer is right here.
    return `  server { listen ${layout.listenAddress}:${port + layout.portOffset} default_server${ssl};${cert} return 404; }`;
  });
  const out = [
    "# Written by Parapet from the console's published configuration (docs/edge.md). Do not edit:",
    '# the next publish replaces it.',
    ...modules.map((m) => `load_module ${path.join(layout.modulesDir, m)};`),
    ...(layout.workerUser ? [`user ${layout.workerUser};`] : []),
    `worker_processes ${layout.workerProcesses};`,
    `pid ${path.join(run, 'nginx.pid')};`,
    `error_log ${path.join(run, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  default_type application/octet-stream;',
    '  server_tokens off;',
    '  access_log off;',
    '  sendfile on;',
    '  keepalive_timeout 65;',
    '  lingering_close always;',
    '  ssl_protocols TLSv1.2 TLSv1.3;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind === 'client_body' ? 'client_body' : kind}_temp_path ${path.join(run, 'tmp', kind)};`,
    ),
    `  lua_package_path "${layout.luaDir}/?.lua;/usr/share/lua/5.1/?.lua;;";`,
    '  lua_shared_dict parapet_data 32m;',
    '  lua_shared_dict parapet_rate 32m;',
    `  init_by_lua_block { require("parapet.edge").init({ data = "${path.join(layout.liveDir, DATA_FILE)}", generation = "${path.join(layout.liveDir, GENERATION_FILE)}", log = "${path.join(run, 'access.log')}", crs_token = "${layout.crsToken}" }) }`,
    '  init_worker_by_lua_block { require("parapet.edge").init_worker() }',
    '  access_by_lua_block { require("parapet.access").run() }',
    '  header_filter_by_lua_block { require("parapet.access").headers() }',
    '  log_by_lua_block { require("parapet.log").write() }',
    '  map $http_upgrade $parapet_connection_upgrade { default upgrade; "" close; }',
    // nginx draws $request_id afresh at each lookup by name (as Lua's ngx.var does) unless the
    // configuration refers to it; this map does, so the page, the log and the origin share one id.
    '  map $request_id $parapet_request_id { default $request_id; }',
  ];
  // Whether the client's address is public, as the console's classifyAddress says: the databases
  // hold stray answers for some private ranges (192.168/16 reads AU), which the edge must not
  // read any more than ingest does (docs/edge.md, "Only public addresses have a country or an ISP").
  out.push(
    '  geo $parapet_client_public {',
    '    default 1;',
    ...addressNetworks().map(({ network, isPublic }) => `    ${network} ${isPublic ? 1 : 0};`),
    '  }',
  );
  if (layout.countryDb) out.push(`  geoip2 ${layout.countryDb} { $parapet_country source=$remote_addr country_code; }`);
  else out.push('  map $remote_addr $parapet_country { default ""; }');
  if (layout.asnDb)
    out.push(`  geoip2 ${layout.asnDb} { $parapet_isp source=$remote_addr autonomous_system_organization; }`);
  else out.push('  map $remote_addr $parapet_isp { default ""; }');
  if (layout.realIpFrom.length)
    out.push(...layout.realIpFrom.map((a) => `  set_real_ip_from ${a};`), '  real_ip_header X-Forwarded-For;');
  // Inline, one directive a line (nginx caps a parameter at 4 KB): ModSecurity opens a rules file
  // relative to nginx's working directory, not to the generation checked or served.
  if (usesCrs)
    out.push(
      '  modsecurity off;',
      ...crsConf(layout)
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => `  modsecurity_rules '${line}';`),
    );
  out.push(
    ...caches,
    ...upstreams.map((u) => u.replace(/^/gm, '  ')),
    ...defaults,
    // The console's door into the running edge: data and purges without a reload, loopback only.
    '  server {',
    `    listen 127.0.0.1:${layout.controlPort};`,
    '    set $parapet_line "";',
    '    location = /data { content_by_lua_block { require("parapet.edge").reload_data() } }',
    '    location = /health { content_by_lua_block { require("parapet.edge").health() } }',
    '  }',
    '  include lines/*.conf;',
    '}',
    '',
  );
  return out.join('\n');
}

export function compileEdge(snapshot: EdgeSnapshot, layout: EdgeLayout): CompiledEdge {
  const crsLines = linesUsingCrs(snapshot);
  const files: Record<string, string> = {
    [MAIN_FILE]: mainConf(snapshot, layout, crsLines.size > 0),
    // Nulls are left out: Lua's JSON decoder gives a null as a value that tests true.
    [DATA_FILE]: `${JSON.stringify(edgeData(snapshot, layout), (_key, value: unknown) => (value === null ? undefined : value), 1)}\n`,
  };
  const certs = new Set(snapshot.certs.keys());
  for (const line of snapshot.lines)
    files[`lines/${line.id}.conf`] = lineConf(line, layout, crsLines.has(line.id), certs);
  const secret: string[] = [];
  for (const [id, cert] of snapshot.certs) {
    files[`certs/${id}.pem`] = cert.pem;
    files[`certs/${id}.key`] = cert.key;
    secret.push(`certs/${id}.key`);
  }
  for (const [id, page] of snapshot.pages) files[pageFile(id)] = page;
  return { files, secret };
}

/** Whether going from one compile to the next needs nginx reloaded, or only its data refreshed. */
export function needsReload(before: CompiledEdge | null, after: CompiledEdge): boolean {
  if (!before) return true;
  const names = new Set([...Object.keys(before.files), ...Object.keys(after.files)]);
  // Data and pages are read by Lua at run time; everything else is nginx's own configuration.
  for (const name of names)
    if (name !== DATA_FILE && !name.startsWith('pages/') && before.files[name] !== after.files[name]) return true;
  return false;
}
