import { connect } from 'node:net';
import { request } from 'node:http';
import { request as requestTls } from 'node:https';

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
  const fallback = scheme === 'https' ? 443 : 80;
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

/** A check's verdict and, when it failed, why in a few words (shown beside the origin). */
export interface ProbeResult {
  passed: boolean;
  reason: string | null;
}

const PASSED: ProbeResult = { passed: true, reason: null };
const failed = (reason: string): ProbeResult => ({ passed: false, reason });
/** The system error code (ECONNREFUSED, ENOTFOUND...) says enough and holds no secrets. */
const reasonOf = (error: Error): string => (error as NodeJS.ErrnoException).code ?? 'connection failed';

function probeTcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: ProbeResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(failed('timeout')));
    socket.once('connect', () => done(PASSED));
    socket.once('error', (error) => done(failed(reasonOf(error))));
  });
}

function probeHttp(target: ProbeTarget, host: string, port: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const send = target.scheme === 'https' ? requestTls : request;
    let timedOut = false;
    // Origins often serve self-signed certificates: the check asks "does it answer", not "is it trusted".
    const req = send({ host, port, path: target.uri, method: 'GET', timeout: target.timeoutMs, rejectUnauthorized: false, headers: { 'user-agent': 'Parapet-HealthCheck/1' } }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      resolve(codeMatches(status, target.httpCodes) ? PASSED : failed(`HTTP ${status}`));
    });
    req.once('timeout', () => {
      timedOut = true;
      req.destroy();
    });
    req.once('error', (error) => resolve(failed(timedOut ? 'timeout' : reasonOf(error))));
    req.end();
  });
}

/** One health check of one origin, as its policy configures it. */
export function probeOrigin(target: ProbeTarget): Promise<ProbeResult> {
  const { host, port } = hostAndPort(target.address, target.scheme);
  return target.mode === 'tcp' ? probeTcp(host, port, target.timeoutMs) : probeHttp(target, host, port);
}

/** True when one check of the origin passed. */
export async function probe(target: ProbeTarget): Promise<boolean> {
  return (await probeOrigin(target)).passed;
}
