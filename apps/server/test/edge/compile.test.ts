import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileEdge, needsReload } from '../../src/modules/edge/compile/compile-edge.js';
import type { EdgeLayout, EdgeSnapshot } from '../../src/modules/edge/compile/model.js';
import { DEFAULT_EDGE_LUA_DIR } from '../../src/env.js';
import { makeTestCerts } from '../helpers/certificates.js';
import { goldenLayout, goldenSnapshot, rule } from './compile-fixtures.js';
import { NGINX } from './edge-fixtures.js';
import { makeTestCountryDb, makeTestIspDb } from './fixtures/test-countries.js';

const run = promisify(execFile);

/**
 * The compiler is a pure function (issue 14 item 2): the published configuration of
 * compile-fixtures.ts, which holds every line setting, gives exactly the files under golden/.
 * A deliberate change of output is taken with `UPDATE_GOLDEN=1 npx vitest run <this file>`, and
 * its diff is read in review like any other change.
 */
const GOLDEN = path.join(import.meta.dirname, 'golden');

async function goldenFiles(dir: string, relative = ''): Promise<string[]> {
  if (!existsSync(path.join(dir, relative))) return [];
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await goldenFiles(dir, name)));
    else out.push(name);
  }
  return out.sort();
}

describe('the edge compiler', () => {
  const compiled = compileEdge(goldenSnapshot(), goldenLayout);

  it('gives the golden files for a configuration with every line setting', async () => {
    if (process.env.UPDATE_GOLDEN === '1') {
      await rm(GOLDEN, { recursive: true, force: true });
      for (const [name, content] of Object.entries(compiled.files)) {
        await mkdir(path.dirname(path.join(GOLDEN, name)), { recursive: true });
        await writeFile(path.join(GOLDEN, name), content);
      }
    }
    expect(await goldenFiles(GOLDEN)).toEqual(Object.keys(compiled.files).sort());
    for (const [name, content] of Object.entries(compiled.files))
      expect(content, name).toBe(await readFile(path.join(GOLDEN, name), 'utf8'));
    expect(compiled.secret).toEqual(['certs/c-1.key']);
  });

  it('is a function of its input alone', () => {
    expect(compileEdge(goldenSnapshot(), goldenLayout)).toEqual(compiled);
  });

  it('tells a change of rules (data) from one nginx must reload for', () => {
    const snapshot = goldenSnapshot();
    snapshot.rules.set('r-deny', { ...snapshot.rules.get('r-deny')!, wafUri: ['^/staff'] });
    expect(needsReload(compiled, compileEdge(snapshot, goldenLayout))).toBe(false);
    // A rule that starts asking CRS for a category switches ModSecurity on for its line.
    const crs = goldenSnapshot();
    crs.rules.set('r-deny', { ...crs.rules.get('r-deny')!, wafOwasp: ['41000_sqli'] });
    expect(needsReload(compiled, compileEdge(crs, goldenLayout))).toBe(true);
    const ports = goldenSnapshot();
    ports.lines[0] = { ...ports.lines[0]!, listen: { http: [80, 8080], https: [] } };
    expect(needsReload(compiled, compileEdge(ports, goldenLayout))).toBe(true);
  });

  it('leaves CRS out entirely when no enabled rule asks for a category', () => {
    const snapshot = goldenSnapshot();
    snapshot.lines[1] = { ...snapshot.lines[1]!, wafRules: [{ id: 'r-sqli', name: 'no_sqli', isEnabled: false }] };
    const files = compileEdge(snapshot, goldenLayout).files;
    expect(files['crs.conf']).toBeUndefined();
    expect(files['nginx.conf']).not.toContain('modsecurity');
    expect(Object.values(files).join('\n')).not.toContain('@parapet_crs');
  });

  it('leaves a rule it does not have out of the line, and a rule switched off in with its flag', () => {
    const snapshot = goldenSnapshot();
    snapshot.rules.delete('r-redirect');
    const data = JSON.parse(compileEdge(snapshot, goldenLayout).files['data.json']!) as {
      lines: Record<string, { rules: Array<{ name: string; enabled: boolean }> }>;
    };
    expect(data.lines['l-plain']!.rules.map((r) => [r.name, r.enabled])).toEqual([
      ['allow_office', true],
      ['deny_admin', true],
      ['flood', false],
      ['tag_client', true],
    ]);
    expect(rule('x', 'x', {}).wafIp.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!existsSync(NGINX))('what the compiler writes, nginx accepts', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes nginx -t with the real modules, CRS, a country and an ISP database and certificates', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parapet-compile-'));
    const certs = makeTestCerts();
    const snapshot: EdgeSnapshot = goldenSnapshot();
    snapshot.certs = new Map([['c-1', { pem: certs.leafPem, key: certs.leafKey }]]);
    // Names nginx would look up at load; this machine's network has none of them.
    snapshot.lines[2] = {
      ...snapshot.lines[2]!,
      upstream: {
        scheme: 'https',
        portMapping: 'static',
        port: null,
        servers: [{ address: '127.0.0.1', weight: 1, backup: false }],
      },
    };
    const run_ = path.join(dir, 'run');
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      await mkdir(path.join(run_, 'tmp', kind), { recursive: true });
    await mkdir(path.join(run_, 'cache'), { recursive: true });
    await writeFile(path.join(run_, 'system.pem'), certs.leafPem);
    await writeFile(path.join(run_, 'system.key'), certs.leafKey);
    const layout: EdgeLayout = {
      ...goldenLayout,
      liveDir: path.join(dir, 'live'),
      runDir: run_,
      luaDir: DEFAULT_EDGE_LUA_DIR,
      crs: { ...goldenLayout.crs, ruleFiles: await readdir(goldenLayout.crs.rulesDir) },
      countryDb: await makeTestCountryDb(dir),
      asnDb: await makeTestIspDb(dir),
      systemCert: { pem: path.join(run_, 'system.pem'), key: path.join(run_, 'system.key') },
      workerUser: process.getuid?.() === 0 ? 'root' : null,
    };
    const gen = path.join(dir, 'gen');
    for (const [name, content] of Object.entries(compileEdge(snapshot, layout).files)) {
      await mkdir(path.dirname(path.join(gen, name)), { recursive: true });
      await writeFile(path.join(gen, name), content);
    }
    const checked = await run(NGINX, [
      '-t',
      '-p',
      `${run_}/`,
      '-c',
      path.join(gen, 'nginx.conf'),
      '-e',
      path.join(run_, 'error.log'),
    ]).then(
      () => 'ok',
      (error: { stderr?: string }) => error.stderr ?? 'failed',
    );
    expect(checked).toBe('ok');
  }, 30_000);
});
