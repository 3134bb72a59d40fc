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

function probeTcp(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function probeHttp(target: ProbeTarget, host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const send = target.scheme === 'https' ? requestTls : request;
    // Origins often serve self-signed certificates: the check asks "does it answer", not "is it trusted".
    const req = send({ host, port, path: target.uri, method: 'GET', timeout: target.timeoutMs, rejectUnauthorized: false, headers: { 'user-agent': 'Parapet-HealthCheck/1' } }, (res) => {
      res.resume();
      resolve(codeMatches(res.statusCode ?? 0, target.httpCodes));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(false));
    req.end();
  });
}

/** One health check of one origin, as its policy configures it: true when it passed. */
export function probe(target: ProbeTarget): Promise<boolean> {
  const { host, port } = hostAndPort(target.address, target.scheme);
  return target.mode === 'tcp' ? probeTcp(host, port, target.timeoutMs) : probeHttp(target, host, port);
}
