import { Resolver } from 'node:dns/promises';
import type { CheckCnameAnswer } from '@parapet/shared';

type Result = CheckCnameAnswer['results'][number];

/** Lower case, without the root's trailing dot, so answers compare as names. */
const canonical = (name: string) => name.toLowerCase().replace(/\.$/, '');

function errorOf(error: unknown): NonNullable<Result['error']> {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'NXDOMAIN') return 'not_found';
  if (code === 'ENODATA') return 'no_cname';
  if (code === 'ETIMEOUT' || code === 'ECONNREFUSED') return 'timeout';
  return 'failed';
}

/**
 * Asks real DNS whether each domain is a CNAME of the line's target (spec §7 checkcname).
 * The resolvers are the configured ones, or the system's; each domain is asked on its own, so
 * one slow answer does not hide the others.
 */
export async function checkCnames(
  domains: readonly string[],
  target: string,
  resolvers: string[] | undefined,
  timeoutMs = 2000,
): Promise<Result[]> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (resolvers?.length) resolver.setServers(resolvers);
  return Promise.all(
    domains.map(async (domain): Promise<Result> => {
      try {
        const [cname = null] = await resolver.resolveCname(domain);
        const ok = cname !== null && canonical(cname) === canonical(target);
        return { domain, cname, ok, error: null };
      } catch (error) {
        return { domain, cname: null, ok: false, error: errorOf(error) };
      }
    }),
  );
}
