import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  codeMatches,
  hostAndPort,
  probe,
  probeOrigin,
  type ProbeTarget,
} from '../../src/modules/origin-health/probe.js';
import { INITIAL_HEALTH, nextHealth, type HealthState } from '../../src/modules/origin-health/health-state.js';
import { createOriginGuard } from '../../src/lib/origin-guard.js';

/** These origins are on loopback, as tests and local development allow. */
const open = createOriginGuard({ allowPrivate: true });

/** Real origins on loopback that can be taken down and brought back on the same port. */
const servers: (TcpServer | HttpServer)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function listen(server: TcpServer | HttpServer, port = 0): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}
const stop = (server: TcpServer | HttpServer) => new Promise((resolve) => server.close(resolve));

const target = (over: Partial<ProbeTarget>): ProbeTarget => ({
  address: '127.0.0.1',
  scheme: 'http',
  mode: 'tcp',
  uri: '/',
  httpCodes: ['200-399'],
  timeoutMs: 500,
  ...over,
});

describe('health probes against real local origins', () => {
  it('TCP: passes while the origin accepts connections, fails when it is down, passes again when it is back', async () => {
    const first = createTcpServer((socket) => socket.end());
    const port = await listen(first);
    expect(await probe(target({ address: `127.0.0.1:${port}` }), open)).toBe(true);
    await stop(first);
    expect(await probe(target({ address: `127.0.0.1:${port}` }), open)).toBe(false);
    await listen(
      createTcpServer((socket) => socket.end()),
      port,
    );
    expect(await probe(target({ address: `127.0.0.1:${port}` }), open)).toBe(true);
  });

  it('HTTP: passes only with an expected status, fails on another status, a hang past the timeout, or no server', async () => {
    let status = 200;
    let hang = false;
    const port = await listen(
      createHttpServer((req, res) => {
        if (hang) return;
        res.statusCode = req.url === '/health' ? status : 404;
        res.end('ok');
      }),
    );
    const http = target({ address: `127.0.0.1:${port}`, mode: 'http', uri: '/health', timeoutMs: 300 });
    expect(await probe(http, open)).toBe(true);
    status = 503;
    expect(await probe(http, open)).toBe(false);
    expect(await probe({ ...http, httpCodes: ['500-599'] }, open)).toBe(true);
    expect(await probe({ ...http, uri: '/elsewhere' }, open)).toBe(false);
    status = 204;
    hang = true;
    const started = Date.now();
    expect(await probe(http, open)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    hang = false;
    expect(await probe(http, open)).toBe(true);
    expect(await probe({ ...http, address: '127.0.0.1:1' }, open)).toBe(false);
  });

  it('reads addresses with and without ports, and status ranges', () => {
    expect(hostAndPort('origin.example.com', 'https')).toEqual({ host: 'origin.example.com', port: 443 });
    expect(hostAndPort('10.0.0.1:8080', 'http')).toEqual({ host: '10.0.0.1', port: 8080 });
    expect(hostAndPort('[2001:db8::1]:8443', 'http')).toEqual({ host: '2001:db8::1', port: 8443 });
    expect(hostAndPort('2001:db8::1', 'http')).toEqual({ host: '2001:db8::1', port: 80 });
    expect(codeMatches(302, ['200-399'])).toBe(true);
    expect(codeMatches(404, ['200-399', '500'])).toBe(false);
    expect(codeMatches(500, ['200-399', '500'])).toBe(true);
  });
});

describe('what a check connects to', () => {
  it('reports coded reasons, never a socket error code', async () => {
    const port = await listen(createHttpServer((_req, res) => res.writeHead(503).end()));
    const closed = await listen(createTcpServer());
    await stop(servers.at(-1)!);
    expect(await probeOrigin(target({ address: `127.0.0.1:${closed}` }), open)).toEqual({
      passed: false,
      reason: 'refused',
    });
    expect(await probeOrigin(target({ address: `127.0.0.1:${port}`, mode: 'http' }), open)).toEqual({
      passed: false,
      reason: 'bad_status',
      httpStatus: 503,
    });
    expect(
      await probeOrigin(
        target({ address: 'nowhere.invalid' }),
        createOriginGuard({
          allowPrivate: true,
          resolve: () => Promise.reject(Object.assign(new Error('no'), { code: 'ENOTFOUND' })),
        }),
      ),
    ).toEqual({ passed: false, reason: 'dns_failed' });
  });

  it('re-resolves a name at check time and does not connect when it now points at a private address', async () => {
    let connections = 0;
    const port = await listen(
      createTcpServer((socket) => {
        connections += 1;
        socket.end();
      }),
    );
    // Public when it was saved; the name's owner then points it at the console's own host.
    let answer = ['93.184.216.34'];
    const guard = createOriginGuard({ allowPrivate: false, resolve: () => Promise.resolve(answer) });
    expect(await guard.problemOf(`origin.example.com:${port}`)).toBeNull();
    answer = ['93.184.216.34', '127.0.0.1'];
    expect(await probeOrigin(target({ address: `origin.example.com:${port}` }), guard)).toEqual({
      passed: false,
      reason: 'forbidden_address',
    });
    answer = ['127.0.0.1'];
    expect(await probeOrigin(target({ address: `origin.example.com:${port}`, mode: 'http' }), guard)).toEqual({
      passed: false,
      reason: 'forbidden_address',
    });
    expect(await probeOrigin(target({ address: `127.0.0.1:${port}` }), guard)).toEqual({
      passed: false,
      reason: 'forbidden_address',
    });
    expect(await probeOrigin(target({ address: `[::ffff:127.0.0.1]:${port}` }), guard)).toEqual({
      passed: false,
      reason: 'forbidden_address',
    });
    expect(connections).toBe(0);
    // Allowed, the same name reaches the loopback origin, at the address that was checked.
    expect(
      await probeOrigin(
        target({ address: `origin.example.com:${port}` }),
        createOriginGuard({ allowPrivate: true, resolve: () => Promise.resolve(['127.0.0.1']) }),
      ),
    ).toEqual({ passed: true, reason: null });
    expect(connections).toBe(1);
  });

  it('sends the configured name as Host while connecting to the resolved address', async () => {
    let host: string | undefined;
    const port = await listen(
      createHttpServer((req, res) => {
        host = req.headers.host;
        res.end();
      }),
    );
    const guard = createOriginGuard({ allowPrivate: true, resolve: () => Promise.resolve(['127.0.0.1']) });
    expect(await probeOrigin(target({ address: `origin.example.com:${port}`, mode: 'http' }), guard)).toEqual({
      passed: true,
      reason: null,
    });
    expect(host).toBe(`origin.example.com:${port}`);
  });
});

describe('health thresholds', () => {
  const run = (results: boolean[]) =>
    results
      .reduce<HealthState[]>(
        (states, passed) => [...states, nextHealth(states.at(-1) ?? INITIAL_HEALTH, passed, { success: 2, fail: 3 })],
        [],
      )
      .map((s) => s.health);

  it('turns healthy after 2 passes and unhealthy after 3 failures, and does not flap in between', () => {
    expect(run([true, true])).toEqual(['unchecked', 'healthy']);
    expect(run([true, true, false, false, true, false, false, false])).toEqual([
      'unchecked',
      'healthy',
      'healthy',
      'healthy',
      'healthy',
      'healthy',
      'healthy',
      'unhealthy',
    ]);
    expect(run([false, false, false, true, true])).toEqual([
      'unchecked',
      'unchecked',
      'unhealthy',
      'unhealthy',
      'healthy',
    ]);
  });
});
