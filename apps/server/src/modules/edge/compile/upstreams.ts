import { DEFAULT_HTTP_PORT, DEFAULT_HTTPS_PORT } from '@parapet/shared';
import type { LineRecord, PolicyRecord } from './model.js';
import { policyUpstream } from './rules-data.js';

/**
 * Origins as nginx upstream blocks. A line's inline origins are `u_<line>`, a policy's `p_<policy>`;
 * where the origin port follows the visitor's port (static mapping), one block per visitor port
 * (`…_<port>`). Backup origins serve only when every primary is down: nginx's `backup` does that
 * for round robin and weight, but cannot be combined with a hash, so a hashed pool keeps its
 * backups in a block of their own (`…_backup`) that the line falls back to on 502/504
 * (line-conf.ts, `@parapet_backup`).
 */

export interface OriginServer {
  address: string;
  weight: number;
  backup: boolean;
  /** Found down by the health checks: nginx sends it nothing until it is back. */
  down?: boolean;
}

export interface Pool {
  name: string;
  scheme: 'http' | 'https';
  method: 'roundrobin' | 'weight' | 'ipHash';
  sticky: boolean;
  /** The port used when an address names none; null: the visitor's port (static mapping). */
  port: number | null;
  servers: OriginServer[];
}

export const lineUpstream = (lineId: string) => `u_${lineId.replace(/[^A-Za-z0-9_]/g, '_')}`;

const schemePort = (scheme: 'http' | 'https') => (scheme === 'https' ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT);

/** `host` or `host:port`, the form the console stores (IPv4 or a name, never IPv6). */
function withPort(address: string, port: number): string {
  return /:\d+$/.test(address) ? address : `${address}:${port}`;
}

export function linePool(line: LineRecord): Pool | null {
  const { servers, scheme, port } = line.upstream;
  if (!servers || !scheme) return null;
  return { name: lineUpstream(line.id), scheme, method: 'weight', sticky: false, port: port ?? null, servers };
}

export function policyPool(policy: PolicyRecord): Pool {
  return {
    name: policyUpstream(policy.id),
    scheme: policy.originscheme,
    method: policy.loadBalancerMethod,
    sticky: policy.loadBalancerSticky,
    port: policy.portMappingType === 'static' ? null : schemePort(policy.originscheme),
    servers: policy.origins
      .filter((o) => o.enabled)
      .map((o) => ({ ...o, down: policy.unhealthy?.includes(o.address) ?? false })),
  };
}

/** Whether the pool's backups need a block of their own (see above). */
const hashed = (pool: Pool) => pool.method === 'ipHash' || pool.sticky;

function block(name: string, pool: Pool, servers: OriginServer[], port: number, withBackups: boolean): string {
  const lines = [`upstream ${name} {`];
  if (hashed(pool) && !withBackups) lines.push('  hash $remote_addr consistent;');
  for (const server of servers) {
    const weight = pool.method === 'weight' && server.weight !== 1 ? ` weight=${server.weight}` : '';
    const backup = withBackups && server.backup ? ' backup' : '';
    const down = server.down ? ' down' : '';
    lines.push(`  server ${withPort(server.address, port)}${weight}${backup}${down};`);
  }
  lines.push('  keepalive 32;', '}');
  return lines.join('\n');
}

/**
 * The blocks of one pool for the visitor ports given (static mapping) or its own port. A pool
 * with no server left (all disabled) gets none, and requests routed to it answer 502.
 */
export function upstreamBlocks(pool: Pool, visitorPorts: readonly number[]): string[] {
  const primaries = pool.servers.filter((s) => !s.backup);
  const backups = pool.servers.filter((s) => s.backup);
  const ports: Array<[suffix: string, port: number]> =
    pool.port === null ? visitorPorts.map((p) => [`_${p}`, p]) : [['', pool.port]];
  const out: string[] = [];
  for (const [suffix, port] of ports) {
    if (hashed(pool)) {
      if (primaries.length) out.push(block(`${pool.name}${suffix}`, pool, primaries, port, false));
      if (backups.length)
        out.push(
          block(`${pool.name}${suffix}_backup`, { ...pool, method: 'roundrobin', sticky: false }, backups, port, false),
        );
    } else if (primaries.length) {
      out.push(block(`${pool.name}${suffix}`, pool, pool.servers, port, true));
    }
  }
  return out;
}

/** Whether requests for the pool need the backup fallback (a hashed pool with backups). */
export const hasBackupBlock = (pool: Pool) => hashed(pool) && pool.servers.some((s) => s.backup);
