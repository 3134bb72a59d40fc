import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultAsnMmdbPath } from '../../src/modules/geoip/asn-mmdb.js';
import { freeOffset, freePort, NGINX } from './edge-fixtures.js';

const SERVER = path.resolve(import.meta.dirname, '../..');
const TSX = path.resolve(SERVER, '../../node_modules/.bin/tsx');

/** `npm run edge` (issue 14 item 1): starts nginx on the published configuration and stops cleanly. */
describe.skipIf(!existsSync(NGINX))('npm run edge', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the edge until Ctrl-C, then stops nginx and exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'parapet-edge-cli-'));
    const controlPort = await freePort();
    const child = spawn(TSX, ['src/tools/edge/cli.ts'], {
      cwd: SERVER,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SECRET_KEY: 'cd'.repeat(32),
        EDGE_NGINX: NGINX,
        EDGE_PORT_OFFSET: String(await freeOffset()),
        EDGE_CONTROL_PORT: String(controlPort),
        EDGE_WORKERS: '1',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(() => said, { timeout: 30_000 }).toContain('edge running');
    const health = await fetch(`http://127.0.0.1:${controlPort}/health`);
    expect(health.status).toBe(200);
    expect(said).toContain('EDGE_INGEST_TOKEN is not set');
    // With no GEOIP_ASN_DB, the edge reads the ISP mmdb it built from the packaged data.
    const asnDb = defaultAsnMmdbPath(dataDir);
    expect(existsSync(asnDb)).toBe(true);
    const conf = await readFile(path.join(dataDir, 'edge', 'nginx', 'live', 'nginx.conf'), 'utf8');
    expect(conf).toContain(`geoip2 ${asnDb} { $parapet_isp source=$remote_addr autonomous_system_organization; }`);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(said).toContain('stopping the edge');
    // nginx went with it: nothing answers on the control port, and its pid file is gone.
    await expect(fetch(`http://127.0.0.1:${controlPort}/health`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'edge', 'nginx', 'run', 'nginx.pid'))).toBe(false);
  }, 60_000);
});
