import type { OriginPolicySettings } from '@parapet/shared';
import type { renderLineConfig } from '../../service-lines/service-lines.publisher.js';
import type { PublishedRule } from './rules-data.js';

/**
 * What the compiler reads: every item the edge serves, as its deploy task last published it
 * (the records under DATA_DIR/edge, see docs/edge.md), and where things are on this machine.
 */
export type LineRecord = Awaited<ReturnType<typeof renderLineConfig>>;
export type PolicyRecord = OriginPolicySettings & {
  id: string;
  name: string;
  group: string;
  /** Origins the health checks found down when the policy was last published. */
  unhealthy?: string[];
};

export interface EdgeSnapshot {
  lines: LineRecord[];
  rules: Map<string, PublishedRule>;
  policies: Map<string, PolicyRecord>;
  /** Published pages by id (the request-id block placed) and certificates by id. */
  pages: Map<string, string>;
  certs: Map<string, { pem: string; key: string }>;
}

export interface EdgeLayout {
  /**
   * The live generation's folder as nginx sees it: a symlink swapped on each publish. The files
   * of a generation name each other by relative paths (nginx reads them relative to the main
   * file's folder), so a generation can be checked where it is written and then swapped in; only
   * what Lua reads at run time (data, pages) is named through this path.
   */
  liveDir: string;
  /** Logs, pid, cache and temporary files: kept across generations. */
  runDir: string;
  luaDir: string;
  modulesDir: string;
  /** OWASP CRS: its setup file and rules folder (Debian's modsecurity-crs). */
  crs: { setup: string; rulesDir: string; ruleFiles: string[] };
  /** The country database nginx's GeoIP2 module reads; null leaves countries unknown. */
  countryDb: string | null;
  /** The ISP database it reads (`autonomous_system_organization`); null leaves ISPs unknown. */
  asnDb: string | null;
  /** The certificate served where a line uses the system certificate or a name is unknown. */
  systemCert: { pem: string; key: string };
  listenAddress: string;
  /** Added to every line's ports on this edge (EDGE_PORT_OFFSET: 80 → 10080). */
  portOffset: number;
  controlPort: number;
  /** Addresses whose X-Forwarded-For names the client (a load balancer in front of the edge). */
  realIpFrom: string[];
  workerProcesses: number | 'auto';
  /** The user nginx's workers run as when its master runs as root; null leaves nginx's default. */
  workerUser: string | null;
  /** Marks the edge's own second pass after CRS judged a request (a secret of this edge). */
  crsToken: string;
}

export interface CompiledEdge {
  /** Files by path relative to the generation's folder. */
  files: Record<string, string>;
  /** Of those, the ones only the edge's own user may read (private keys). */
  secret: string[];
}
