import { existsSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { edgeRequest, NGINX, startEdgeApp, startOrigin, type EdgeTestApp, type TestOrigin } from './edge-fixtures.js';

/** One request over a raw socket, for what Node's client will not send (HTTP/1.0, an upgrade). */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // An upgraded connection stays open: what came back so far is the answer.
      if (Buffer.concat(chunks).toString('latin1').includes('upgraded-ok')) socket.end();
    });
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('raw exchange timed out')));
  });
}

/** A line's settings acting on real requests through nginx (issue 14 item 2; docs/edge.md). */
describe.skipIf(!existsSync(NGINX))("a line's settings at the edge", () => {
  let t: EdgeTestApp;
  let owner: Account;
  let origin: TestOrigin;
  let socketOrigin: http.Server;
  let socketPort: number;
  const group = 'edgesettings';

  beforeAll(async () => {
    t = await startEdgeApp('sqlite');
    owner = await signUpConfirmed(t, group);
    origin = await startOrigin();
    // An origin that accepts WebSocket-style upgrades and says so on the upgraded connection.
    socketOrigin = http.createServer((_req, res) => res.end('plain'));
    socketOrigin.on('upgrade', (req, socket) => {
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${req.headers.upgrade}\r\nConnection: Upgrade\r\n\r\nupgraded-ok`,
      );
      socket.end();
    });
    await new Promise<void>((resolve) => socketOrigin.listen(0, '127.0.0.1', resolve));
    socketPort = (socketOrigin.address() as AddressInfo).port;
    const make = async (body: Record<string, unknown>) => {
      const res = await owner.client.post(SERVICE_LINE_API.create, {
        groupName: group,
        customerPackage: 'standard',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await make({
      appProfileName: 'settings.example',
      servername: ['settings.example.com'],
      origins: [{ address: origin.address }],
      setCustomHostHeader: 'on',
      customHostHeader: 'backend.internal.example',
      isInsertRidHeaderToOrigin: true,
      maxUploadSize: 1,
      scheme: ['http', 'https'],
      httpsPort: [443],
      useSystemCert: true,
      useHsts: true,
      isUpgradeInsecureRequest: true,
    });
    await make({
      appProfileName: 'legacy.example',
      servername: ['legacy.example.com'],
      origins: [{ address: origin.address }],
      isAcceptHttpV1: true,
    });
    await make({
      appProfileName: 'socket.example',
      servername: ['socket.example.com'],
      origins: [{ address: `127.0.0.1:${socketPort}` }],
      websocketPath: 'live',
    });
    await t.deploy();
  }, 60_000);
  afterAll(async () => {
    await t?.stopAll();
    await origin?.close();
    socketOrigin?.closeAllConnections();
    await new Promise((resolve) => socketOrigin?.close(resolve));
  });

  it('sends the custom Host header and the request id to the origin', async () => {
    const answer = await edgeRequest({ port: t.offset + 80, host: 'settings.example.com', path: '/who' });
    const seen = JSON.parse(answer.body) as { headers: Record<string, string> };
    expect(seen.headers.host).toBe('backend.internal.example');
    expect(seen.headers.rid).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an upload over the line’s maximum with 413, and takes one under it', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const refused = await edgeRequest({
      port: t.offset + 80,
      host: 'settings.example.com',
      path: '/up',
      method: 'POST',
      body: big,
    });
    expect(refused.status).toBe(413);
    const taken = await edgeRequest({
      port: t.offset + 80,
      host: 'settings.example.com',
      path: '/up',
      method: 'POST',
      body: 'small',
    });
    expect(taken.status).toBe(200);
  });

  it('adds HSTS and upgrade-insecure-requests on HTTPS with the system certificate', async () => {
    const answer = await edgeRequest({ port: t.offset + 443, host: 'settings.example.com', path: '/', https: true });
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(answer.headers['content-security-policy']).toBe('upgrade-insecure-requests');
  });

  it('refuses HTTP/1.0 unless the line accepts it', async () => {
    const refused = await rawExchange(t.offset + 80, 'GET / HTTP/1.0\r\nHost: settings.example.com\r\n\r\n');
    // nginx has no reason phrase for 426; the status and the Upgrade header say it.
    expect(refused.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 426/);
    expect(refused).toMatch(/\r\nUpgrade: HTTP\/1\.1\r\n/i);
    const accepted = await rawExchange(t.offset + 80, 'GET / HTTP/1.0\r\nHost: legacy.example.com\r\n\r\n');
    expect(accepted.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 200/);
  });

  it('passes a WebSocket upgrade through on the line’s WebSocket path only', async () => {
    const upgraded = await rawExchange(
      t.offset + 80,
      'GET /live/feed HTTP/1.1\r\nHost: socket.example.com\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    expect(upgraded.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
    expect(upgraded).toContain('upgraded-ok');
    const plain = await edgeRequest({ port: t.offset + 80, host: 'socket.example.com', path: '/other' });
    expect(plain.body).toBe('plain');
  });
});
