import { connect, isIP } from 'node:net';
import { request } from 'node:http';
import { request as requestTls } from 'node:https';
import { DEFAULT_HTTP_PORT, DEFAULT_HTTPS_PORT, type OriginCheckReason } from '@parapet/shared';
import type { OriginGuard } from '../../lib/origin-guard.js';

export interface ProbeTarget {
  /** Origin address as stored: host, IPv4, IPv6, optionally with a port. */
  address: string;
  scheme: 'http' | 'https';
  mode: 'tcp' | 'http';
  /** Path of the HTTP check. */
  uri: string;
  /** Healthy status codes: "200", "200-399". */
  httpCodes: readonly string[];
  timeoutMs: number;
}

/** Splits `host:port`, `[v6]:port`, a bare IPv6 address or a bare host; the scheme gives the default port. */
export function hostAndPort(address: string, scheme: 'http' | 'https'): { host: string; port: number } {
  const fallback = scheme === 'https' ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (bracketed) return { host: bracketed[1] ?? '', port: Number(bracketed[2] ?? fallback) };
  if ((address.match(/:/g) ?? []).length > 1) return { host: address, port: fallback };
  const [host = '', port] = address.split(':');
  return { host, port: Number(port ?? fallback) };
}

export function codeMatches(status: number, codes: readonly string[]): boolean {
  return codes.some((code) => {
    const [from, to = from] = code.split('-').map(Number);
    return from !== undefined && to !== undefined && status >= from && status <= to;
  });
}

/** A check's verdict and, when it failed, why as a code the console translates. */
export interface ProbeResult {
  passed: boolean;
  reason: OriginCheckReason | null;
  /** With `bad_status`: the status the origin answered. */
  httpStatus?: number;
}

const PASSED: ProbeResult = { passed: true, reason: null };
const failed = (reason: OriginCheckReason, httpStatus?: number): ProbeResult => ({
  passed: false,
  reason,
  ...(httpStatus === undefined ? {} : { httpStatus }),
});

/** Socket and TLS error codes → our reasons; the raw code goes to no one but the log. */
const REASON_OF_CODE: Record<string, OriginCheckReason> = {
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'reset',
  ECONNABORTED: 'reset',
  EPIPE: 'reset',
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
  EPROTO: 'tls_failed',
};

export function reasonOf(error: unknown): OriginCheckReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'failed';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT')) return 'tls_failed';
  return REASON_OF_CODE[code] ?? 'failed';
}

function probeTcp(ip: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host: ip, port });
    const done = (result: ProbeResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(failed('timeout')));
    socket.once('connect', () => done(PASSED));
    socket.once('error', (error) => done(failed(reasonOf(error))));
  });
}

/** The Host header: the name as configured, with its port when it is not the scheme's own. */
function hostHeader(host: string, port: number, scheme: 'http' | 'https'): string {
  const name = host.includes(':') ? `[${host}]` : host;
  return port === (scheme === 'https' ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT) ? name : `${name}:${port}`;
}

function probeHttp(target: ProbeTarget, ip: string, host: string, port: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const send = target.scheme === 'https' ? requestTls : request;
    let timedOut = false;
    // The connection goes to the checked address, while the origin still sees its own name
    // (Host header, and SNI for TLS). Origins often serve self-signed certificates: the check
    // asks "does it answer", not "is it trusted".
    const servername = target.scheme === 'https' && isIP(host) === 0 ? { servername: host } : {};
    const req = send(
      {
        host: ip,
        port,
        path: target.uri,
        method: 'GET',
        timeout: target.timeoutMs,
        rejectUnauthorized: false,
        ...servername,
        headers: { host: hostHeader(host, port, target.scheme), 'user-agent': 'Parapet-HealthCheck/1' },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(codeMatches(status, target.httpCodes) ? PASSED : failed('bad_status', status));
      },
    );
    req.once('timeout', () => {
      timedOut = true;
      req.destroy();
    });
    req.once('error', (error) => resolve(failed(timedOut ? 'timeout' : reasonOf(error))));
    req.end();
  });
}

/**
 * One health check of one origin, as its policy configures it. The host is resolved and its
 * address checked by the guard right before connecting, and the connection goes to exactly
 * that address: what was public at save time may point elsewhere by now.
 */
export async function probeOrigin(target: ProbeTarget, guard: OriginGuard): Promise<ProbeResult> {
  const { host, port } = hostAndPort(target.address, target.scheme);
  const checked = await guard.connectTarget(host);
  if (!checked.ok) return failed(checked.reason);
  return target.mode === 'tcp'
    ? probeTcp(checked.ip, port, target.timeoutMs)
    : probeHttp(target, checked.ip, host, port);
}

/** True when one check of the origin passed. */
export async function probe(target: ProbeTarget, guard: OriginGuard): Promise<boolean> {
  return (await probeOrigin(target, guard)).passed;
}
