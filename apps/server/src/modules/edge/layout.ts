import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { Config } from '../../env.js';
import type { EdgeLayout } from './compile/model.js';

/**
 * Where the local edge keeps its files (docs/edge.md, "Files"), under DATA_DIR/edge/nginx:
 * `gen/<n>/` one folder per compiled generation, `live` the symlink to the one serving, `run/`
 * what outlives generations (pid, logs, cache, temporary files, the system certificate).
 */
export interface EdgePaths {
  root: string;
  gens: string;
  live: string;
  run: string;
}

export function edgePaths(config: Config): EdgePaths {
  const root = path.join(config.edgeDir, 'nginx');
  return { root, gens: path.join(root, 'gen'), live: path.join(root, 'live'), run: path.join(root, 'run') };
}

const MODULES_DIR = '/usr/lib/nginx/modules';
/** Debian's modsecurity-crs package. */
const CRS_SETUP = '/etc/modsecurity/crs/crs-setup.conf';
const CRS_RULES_DIR = '/usr/share/modsecurity-crs/rules';

/** A secret of this edge, made once: it marks the edge's own second pass after CRS (crs.ts). */
function edgeSecret(run: string): string {
  const file = path.join(run, 'edge-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function edgeLayout(config: Config, countryDb: string | null, asnDb: string | null): EdgeLayout {
  const paths = edgePaths(config);
  mkdirSync(paths.run, { recursive: true });
  mkdirSync(path.join(paths.run, 'cache'), { recursive: true });
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(paths.run, 'tmp', kind), { recursive: true });
  const ruleFiles = existsSync(CRS_RULES_DIR) ? readdirSync(CRS_RULES_DIR).filter((f) => f.endsWith('.conf')) : [];
  return {
    liveDir: paths.live,
    runDir: paths.run,
    luaDir: config.edge.luaDir,
    modulesDir: MODULES_DIR,
    crs: { setup: CRS_SETUP, rulesDir: CRS_RULES_DIR, ruleFiles },
    countryDb,
    asnDb,
    systemCert: { pem: path.join(paths.run, 'system.pem'), key: path.join(paths.run, 'system.key') },
    listenAddress: config.edge.listenAddress,
    portOffset: config.edge.portOffset,
    controlPort: config.edge.controlPort,
    realIpFrom: config.edge.realIpFrom,
    workerProcesses: config.edge.workers,
    crsToken: edgeSecret(paths.run),
    // A master started as root would hand its workers to `nobody`, who cannot read DATA_DIR.
    workerUser: process.getuid?.() === 0 ? userInfo().username : null,
  };
}
