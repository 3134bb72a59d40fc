import path from 'node:path';
import { DEFAULT_HTTPS_PORT, WAF_OWASP_CATEGORIES } from '@parapet/shared';
import type { EdgeLayout, EdgeSnapshot, LineRecord } from './model.js';
import { compileRuleData, policyUpstream, type EdgeRule } from './rules-data.js';
import { hasBackupBlock, linePool, policyPool, type Pool } from './upstreams.js';

/**
 * What the edge's Lua reads at run time (data.json): per line its rules in order, where its
 * requests go, and its pages. It changes without a reload (docs/edge.md, "Rules as data").
 */

export interface PoolRef {
  name: string;
  scheme: 'http' | 'https';
  /** The origin port is the visitor's: the block is `<name>_<visitor port>`. */
  perPort: boolean;
  backup: boolean;
}

export interface EdgeLineData {
  id: string;
  group: string;
  name: string;
  /** The line's first domain: the `server_name` its events carry. */
  serverName: string;
  acceptHttp10: boolean;
  redirectHttps: { code: number; port: number } | null;
  origin: { default: PoolRef | null; regions: Record<string, PoolRef> };
  errorPage: string | null;
  rules: EdgeRule[];
  /** This edge's listening port → the line's own port (the offset taken off). */
  ports: Record<string, number>;
}

export interface EdgeData {
  lines: Record<string, EdgeLineData>;
  /** Page id → the page file (with the request-id block placed, see html-pages.publisher.ts). */
  pages: Record<string, string>;
  /** Policy upstream name → how to reach it, for the origin-policy action. */
  pools: Record<string, PoolRef>;
  /** Bit i of the mask CRS's verdict carries is category i (crs.ts). */
  owaspCategories: readonly string[];
}

/** Where a page is in a generation. */
export const pageFile = (id: string) => `pages/${id}.html`;

const refOf = (pool: Pool): PoolRef => ({
  name: pool.name,
  scheme: pool.scheme,
  perPort: pool.port === null,
  backup: hasBackupBlock(pool),
});

function lineData(
  line: LineRecord,
  snapshot: EdgeSnapshot,
  layout: EdgeLayout,
  pools: Record<string, PoolRef>,
): EdgeLineData {
  const own = linePool(line);
  const regions: Record<string, PoolRef> = {};
  let fallback: PoolRef | null = own ? refOf(own) : null;
  if (line.upstream.policiesByRegion) {
    for (const [region, file] of Object.entries(line.upstream.policiesByRegion)) {
      const id = file ? path.basename(file, '.json') : null;
      const ref = id ? pools[policyUpstream(id)] : undefined;
      if (!ref) continue;
      if (region === 'default') fallback = ref;
      else regions[region] = ref;
    }
  }
  const rules = line.wafRules.flatMap(({ id, isEnabled }) => {
    const rule = id ? snapshot.rules.get(id) : undefined;
    return rule ? [compileRuleData(rule, isEnabled)] : [];
  });
  const ports: Record<string, number> = {};
  for (const port of [...line.listen.http, ...line.listen.https]) ports[String(port + layout.portOffset)] = port;
  const httpsPort = line.listen.https[0] ?? DEFAULT_HTTPS_PORT;
  const pageId = line.errorPage ? path.basename(line.errorPage, '.html') : null;
  return {
    id: line.id,
    group: line.group,
    name: line.name,
    serverName: line.domains[0] ?? '',
    acceptHttp10: line.acceptHttp10,
    redirectHttps: line.redirectHttps ? { code: line.redirectHttps.code, port: httpsPort + layout.portOffset } : null,
    origin: { default: fallback, regions },
    errorPage: pageId && snapshot.pages.has(pageId) ? pageId : null,
    rules,
    ports,
  };
}

export function edgeData(snapshot: EdgeSnapshot, layout: EdgeLayout): EdgeData {
  const pools: Record<string, PoolRef> = {};
  for (const policy of snapshot.policies.values()) {
    const pool = policyPool(policy);
    pools[pool.name] = refOf(pool);
  }
  const lines: Record<string, EdgeLineData> = {};
  for (const line of snapshot.lines) lines[line.id] = lineData(line, snapshot, layout, pools);
  const pages: Record<string, string> = {};
  for (const id of [...snapshot.pages.keys()].sort()) pages[id] = path.join(layout.liveDir, pageFile(id));
  return { lines, pages, pools, owaspCategories: WAF_OWASP_CATEGORIES };
}
