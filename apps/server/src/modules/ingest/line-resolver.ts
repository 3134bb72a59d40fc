import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { settingsOfLine } from '../service-lines/service-lines.kind.js';
import { lineMapFingerprint, listLineDomains } from './line-map.repository.js';

/** The line a record's server_name belongs to. */
export interface ResolvedLine {
  groupName: string;
  appProfileName: string;
  /** The line's customer package (GLOSSARY §1.1 serviceGroupName), the event's `customer_package`. */
  customerPackage: string;
  /** The plan of the line's group: a record older than it keeps (keptFrom) is refused. */
  plan: string;
}

const PORT_SUFFIX = /:\d{1,5}$/;

/**
 * A server name as domains are stored: lower case, without a trailing dot, and without a port (a
 * shipper logging `$http_host` sends `shop.example.com:443`). What a record is matched on and
 * stored under, so one domain is one value in the log's filters and the dashboard's lists.
 */
export const canonicalServerName = (serverName: string): string =>
  serverName.toLowerCase().replace(PORT_SUFFIX, '').replace(/\.$/, '');

export type ResolveServerName = (serverName: string) => ResolvedLine | undefined;

/**
 * Server name → line, as nginx picks a server block: the exact domain first, then the longest
 * wildcard (`*.example.com` covers `a.example.com` and `a.b.example.com`). Names are compared
 * as canonicalServerName gives them.
 */
export function matchServerName(map: ReadonlyMap<string, ResolvedLine>, serverName: string): ResolvedLine | undefined {
  const name = canonicalServerName(serverName);
  const exact = map.get(name);
  if (exact) return exact;
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i++) {
    const line = map.get(`*.${labels.slice(i).join('.')}`);
    if (line) return line;
  }
  return undefined;
}

/**
 * Keeps the domain map in memory and reloads it only when its fingerprint changed, so a batch
 * costs one small query however many names it holds, and a record is never filed under a line
 * its domain has left.
 */
export function createLineResolver(db: Kysely<Database>): () => Promise<ResolveServerName> {
  let cached: { fingerprint: string; map: Map<string, ResolvedLine> } | undefined;
  return async () => {
    const fingerprint = await lineMapFingerprint(db);
    if (cached?.fingerprint !== fingerprint) {
      const rows = await listLineDomains(db);
      const map = new Map(
        rows.map((r) => {
          const line = {
            groupName: r.group_name,
            appProfileName: r.app_profile_name,
            customerPackage: settingsOfLine(r).customerPackage,
            plan: r.plan,
          };
          return [r.domain, line] as const;
        }),
      );
      cached = { fingerprint, map };
    }
    const { map } = cached;
    // A batch names few distinct hosts many times over: each is matched once.
    const seen = new Map<string, ResolvedLine | undefined>();
    return (serverName) => {
      if (!seen.has(serverName)) seen.set(serverName, matchServerName(map, serverName));
      return seen.get(serverName);
    };
  };
}
