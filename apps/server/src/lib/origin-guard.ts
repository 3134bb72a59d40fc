import { lookup as dnsLookup } from 'node:dns/promises';
import { AppError } from './app-error.js';
import {
  classifyAddress,
  isForbiddenHostName,
  literalOriginProblem,
  originHost,
  type PrivateOriginFieldCode,
} from '@parapet/shared';

/** Every address a host name resolves to (IPv4 and IPv6). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** A resolver that does not answer in this time counts as one that failed. */
const LOOKUP_TIMEOUT_MS = 5_000;

export const systemResolve: ResolveHost = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Where a check may connect: the one address it was checked against, or why it may not. */
export type ConnectTarget = { ok: true; ip: string } | { ok: false; reason: 'forbidden_address' | 'dns_failed' };

/**
 * The private-origin rule of docs/certificates-and-origins.md. Off (ALLOW_PRIVATE_ORIGINS
 * unset), an origin that is, or whose name resolves to, any non-public address is refused;
 * so is a name that does not resolve at all, since nothing could then be checked.
 */
export interface OriginGuard {
  readonly allowPrivate: boolean;
  /** The field code refusing one origin address, or null when it may be used. */
  problemOf(address: string): Promise<PrivateOriginFieldCode | null>;
  /** `<path>.<i>.address` → code for every refused origin of a list, all checked side by side. */
  problemsOf(origins: ReadonlyArray<{ address: string }>, path: string): Promise<Record<string, string>>;
  /** Throws VALIDATION_FAILED naming every refused origin of the list. */
  assertUsable(origins: ReadonlyArray<{ address: string }>, path: string): Promise<void>;
  /**
   * Resolves a host for a connection and checks what it resolved to, so a name changed after
   * the save (DNS rebinding) cannot lead a health check into the private network.
   */
  connectTarget(host: string): Promise<ConnectTarget>;
}

export function createOriginGuard(options: { allowPrivate: boolean; resolve?: ResolveHost }): OriginGuard {
  const { allowPrivate } = options;
  const resolve = options.resolve ?? systemResolve;

  async function resolveAll(host: string): Promise<string[] | null> {
    try {
      const addresses = await withTimeout(resolve(host), LOOKUP_TIMEOUT_MS);
      return addresses.length ? addresses : null;
    } catch {
      return null;
    }
  }

  async function problemOf(address: string): Promise<PrivateOriginFieldCode | null> {
    if (allowPrivate) return null;
    const literal = literalOriginProblem(address);
    if (literal === 'public') return null;
    if (literal) return literal;
    const addresses = await resolveAll(originHost(address));
    if (!addresses) return 'origin_unresolvable';
    return addresses.some((ip) => classifyAddress(ip) !== 'public') ? 'private_origin_address' : null;
  }

  async function problemsOf(
    origins: ReadonlyArray<{ address: string }>,
    path: string,
  ): Promise<Record<string, string>> {
    const problems = await Promise.all(origins.map((o) => problemOf(o.address)));
    const fields: Record<string, string> = {};
    problems.forEach((code, i) => {
      if (code) fields[`${path}.${i}.address`] = code;
    });
    return fields;
  }

  return {
    allowPrivate,
    problemOf,
    problemsOf,
    async assertUsable(origins, path) {
      const fields = await problemsOf(origins, path);
      if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
    },
    async connectTarget(host) {
      const kind = classifyAddress(host);
      if (kind !== null)
        return allowPrivate || kind === 'public' ? { ok: true, ip: host } : { ok: false, reason: 'forbidden_address' };
      if (!allowPrivate && isForbiddenHostName(host)) return { ok: false, reason: 'forbidden_address' };
      const addresses = await resolveAll(host);
      const [first] = addresses ?? [];
      if (!addresses || first === undefined) return { ok: false, reason: 'dns_failed' };
      if (!allowPrivate && addresses.some((ip) => classifyAddress(ip) !== 'public'))
        return { ok: false, reason: 'forbidden_address' };
      return { ok: true, ip: first };
    },
  };
}
