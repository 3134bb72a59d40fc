import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import maxmind, { Reader, type CountryResponse } from 'maxmind';
import { parseNetwork } from '@parapet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsnLookup } from '../../src/modules/geoip/asn-lookup.js';
import { buildAsnMmdb } from '../../src/modules/geoip/asn-mmdb.js';
import { openCountryLookup } from '../../src/modules/geoip/country-lookup.js';
import { buildCountryMmdb, TEST_DATABASE_TYPE, type CountryNetwork } from './fixtures/mmdb-writer.js';
import { makeTestCountryDb, TEST_COUNTRY_NETWORKS } from './fixtures/test-countries.js';

interface CountryRecord extends CountryResponse {
  readonly country_code?: string;
}

/** A network as a range of integers, to name its first, middle and last address and its neighbours. */
function rangeOf(cidr: string): { version: 4 | 6; first: bigint; last: bigint } {
  const network = parseNetwork(cidr)!;
  const bits = network.version === 4 ? 32 : 128;
  const first = network.bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
  return { version: network.version, first, last: first + (1n << BigInt(bits - network.prefix)) - 1n };
}

function addressText(version: 4 | 6, value: bigint): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - i * 16)) & 0xffffn).toString(16));
  return groups.join(':');
}

/** The country the entries give an address: the narrowest network holding it, as the tree does. */
function expectedCountry(entries: ReadonlyArray<CountryNetwork>, version: 4 | 6, value: bigint): string | null {
  const holding = entries
    .map((entry) => ({ entry, range: rangeOf(entry.network), prefix: parseNetwork(entry.network)!.prefix }))
    .filter(({ range }) => range.version === version && range.first <= value && value <= range.last)
    .sort((a, b) => b.prefix - a.prefix);
  return holding[0]?.entry.country ?? null;
}

/**
 * Checks the first, middle and last address of every entry, and the addresses just outside it,
 * against the entries themselves: its own country inside unless a narrower entry says otherwise,
 * and outside nothing unless another entry holds the address.
 */
function expectAnswersOf(reader: Reader<CountryRecord>, entries: ReadonlyArray<CountryNetwork>): void {
  for (const { network } of entries) {
    const { version, first, last } = rangeOf(network);
    for (const value of [first - 1n, first, first + (last - first) / 2n, last, last + 1n]) {
      const ip = addressText(version, value);
      const record = reader.get(ip);
      const expected = expectedCountry(entries, version, value);
      expect(record?.country?.iso_code ?? null, `${ip} (${network})`).toBe(expected);
      expect(record?.country_code ?? null, `${ip} (${network})`).toBe(expected);
    }
  }
}

describe('buildCountryMmdb read by maxmind', () => {
  let dir: string;
  let reader: Reader<CountryRecord>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parapet-mmdb-'));
    reader = await maxmind.open<CountryRecord>(await makeTestCountryDb(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers every test network at its first, middle and last address, and nothing beside it', () => {
    expectAnswersOf(reader, TEST_COUNTRY_NETWORKS);
  });

  it.each([
    ['127.0.0.1', null],
    ['127.0.0.2', 'CN'],
    ['127.0.0.3', 'DE'],
    ['127.0.0.4', 'US'],
    ['127.0.0.5', null],
    ['198.51.99.255', null],
    ['198.51.100.0', 'FR'],
    ['198.51.101.0', null],
    ['::ffff:127.0.0.2', 'CN'], // an IPv4 address written as IPv6 answers as itself
    ['2001:db8:1::', 'JP'],
    ['2001:db8:1:ffff:ffff:ffff:ffff:ffff', 'JP'],
    ['2001:db8:0:ffff:ffff:ffff:ffff:ffff', null],
    ['2001:db8:2::5', 'BR'],
    ['2001:db8:2::4', null],
    ['::1', null],
    ['::', null],
  ])('answers %s with %s', (ip, country) => {
    expect(reader.get(ip)?.country?.iso_code ?? null).toBe(country);
  });

  it('describes itself as an IPv6 tree of format 2.0', () => {
    expect(reader.metadata).toMatchObject({
      binaryFormatMajorVersion: 2,
      binaryFormatMinorVersion: 0,
      databaseType: TEST_DATABASE_TYPE,
      ipVersion: 6,
      recordSize: 24,
      languages: ['en'],
      description: { en: 'Parapet test countries' },
    });
    expect(reader.metadata.buildEpoch.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('is read by the server country lookup (its `country_code` field)', () => {
    const lookup = openCountryLookup(path.join(dir, 'test-countries.mmdb'));
    expect(lookup.countryOf('8.8.8.8')).toBe('US');
    expect(lookup.countryOf('8.8.9.1')).toBeUndefined();
  });

  it.each([24, 28] as const)('keeps narrower networks inside wider ones (%i-bit records)', (recordSize) => {
    const nested: CountryNetwork[] = [
      { network: '10.1.2.0/24', country: 'GB' },
      { network: '10.0.0.0/8', country: 'NL' },
      { network: '10.1.0.0/16', country: 'SE' },
      { network: '2001:db8::/32', country: 'IT' },
      { network: '2001:db8:ff00::/40', country: 'ES' },
      { network: '2001:db8:ff00::1', country: 'PT' },
    ];
    const nestedReader = new Reader<CountryRecord>(buildCountryMmdb(nested, { recordSize }));
    expect(nestedReader.metadata.recordSize).toBe(recordSize);
    expectAnswersOf(nestedReader, nested);
    expect(nestedReader.get('10.1.2.3')?.country_code).toBe('GB');
    expect(nestedReader.get('10.1.3.3')?.country_code).toBe('SE');
    expect(nestedReader.get('10.2.0.0')?.country_code).toBe('NL');
    expect(nestedReader.get('2001:db8:ff00::2')?.country_code).toBe('ES');
  });

  it('answers nothing at all when given no networks', () => {
    const empty = new Reader<CountryRecord>(buildCountryMmdb([]));
    expect(empty.get('127.0.0.2')).toBeNull();
    expect(empty.get('2001:db8:1::1')).toBeNull();
  });

  it.each([
    [{ network: '10.0.0.0/33', country: 'CN' }],
    [{ network: 'not-an-address', country: 'CN' }],
    [{ network: '0.0.0.0/0', country: 'cn' }],
  ])('refuses the entry %j', (entry) => {
    expect(() => buildCountryMmdb([entry])).toThrow();
  });

  it('refuses a network listed twice', () => {
    const twice = [
      { network: '10.0.0.0/8', country: 'CN' },
      { network: '10.9.9.9/8', country: 'DE' },
    ];
    expect(() => buildCountryMmdb(twice)).toThrow(/listed twice/);
  });
});

const NGINX = '/usr/sbin/nginx';
const GEOIP2_MODULE = '/usr/lib/nginx/modules/ngx_http_geoip2_module.so';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function nginxConf(dir: string, db: string, port: number, asnDb: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/${k};`);
  return `load_module ${GEOIP2_MODULE};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  ${temp.join('\n  ')}
  geoip2 ${db} {
    $geoip2_country_code source=$remote_addr country iso_code;
  }
  # The edge's ISP line (compile-edge.ts), asked of the address in ?ip= instead of the client's.
  geoip2 ${asnDb} {
    $geoip2_isp source=$arg_ip autonomous_system_organization;
  }
  server {
    listen 127.0.0.1:${port};
    location / { default_type text/plain; return 200 "$geoip2_country_code"; }
    location /isp { default_type text/plain; return 200 "$geoip2_isp"; }
  }
}
`;
}

function get(port: number, localAddress: string, target = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, localAddress, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
    request.end();
  });
}

async function waitFor<T>(probe: () => Promise<T>, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The master's pid from its pid file; throws until the file holds one. */
async function readPid(dir: string): Promise<number> {
  const pid = Number((await readFile(`${dir}/nginx.pid`, 'utf8')).trim());
  if (!Number.isInteger(pid) || pid <= 1) throw new Error('no pid yet');
  return pid;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the test database read by nginx (geoip2 module)', () => {
  let dir: string | undefined;
  let masterPid: number | undefined;
  const args = (d: string) => ['-p', d, '-c', `${d}/nginx.conf`, '-e', `${d}/error.log`];

  // Stops the master this test started, even when the test failed half way.
  afterAll(async () => {
    const pid = masterPid ?? (dir ? await readPid(dir).catch(() => undefined) : undefined);
    if (dir && pid !== undefined && isRunning(pid)) {
      await promisify(execFile)(NGINX, [...args(dir), '-s', 'quit']).catch(() => undefined);
      await waitFor(async () => {
        if (isRunning(pid)) throw new Error('still running');
      }, 'nginx to quit').catch(() => process.kill(pid, 'SIGKILL'));
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(NGINX))(
    'answers the country of the client address, and an ISP from the packaged data',
    async () => {
      const d = (dir = await mkdtemp(path.join(tmpdir(), 'parapet-mmdb-nginx-')));
      const port = await freePort();
      const asnDb = `${d}/asn.mmdb`;
      await writeFile(asnDb, buildAsnMmdb());
      await writeFile(`${d}/nginx.conf`, nginxConf(d, await makeTestCountryDb(d), port, asnDb));
      await promisify(execFile)(NGINX, ['-t', ...args(d)]);
      // nginx daemonises: the command returns once the master runs, which writes its pid file.
      await new Promise<void>((resolve, reject) => {
        const child = spawn(NGINX, args(d), { stdio: 'ignore' });
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nginx exited with ${code}`))));
      });
      masterPid = await waitFor(() => readPid(d), 'the pid file');

      expect(await waitFor(() => get(port, '127.0.0.2'), 'nginx to answer')).toBe('CN');
      expect(await get(port, '127.0.0.3')).toBe('DE');
      expect(await get(port, '127.0.0.4')).toBe('US');
      expect(await get(port, '127.0.0.1')).toBe('');

      // The packaged ISP data as the edge's mmdb: nginx names each address's ISP as ingest does
      // ($arg_ip is not URL-decoded, so the addresses go as they are).
      const ingest = openAsnLookup();
      const isp = (ip: string) => get(port, '127.0.0.1', `/isp?ip=${ip}`);
      for (const ip of ['8.8.8.8', '1.1.1.1', '133.1.1.1', '2001:4860:4860::8888', '2003::1', '::ffff:9.9.9.9'])
        expect(await isp(ip), ip).toBe(ingest.ispOf(ip));
      expect(await isp('8.8.8.8')).toBe('Google LLC');
      for (const ip of ['10.0.0.1', '192.168.1.1', '127.0.0.1', '::1', 'fd00::1']) expect(await isp(ip), ip).toBe('');
    },
    30_000,
  );
});
