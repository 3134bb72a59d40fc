import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../env.js';
import { removeFiles, writeAtomically } from '../deploy/edge-files.js';
import { compileEdge, GENERATION_FILE, needsReload } from './compile/compile-edge.js';
import type { CompiledEdge } from './compile/model.js';
import { edgeLayout, edgePaths } from './layout.js';
import { checkConf, masterPid, reload } from './nginx.js';
import { readSnapshot, type EdgeChange } from './snapshot.js';

const exec = promisify(execFile);

/**
 * Publishing (issue 14 item 3; docs/edge.md): a deploy task's change to the records is compiled
 * with every other published item into a new generation, checked by `nginx -t` where it was
 * written, and only then made live: the records are written, the `live` symlink swapped, and the
 * running edge told. A change nginx refuses fails its task with nginx's reason; the records and
 * the live generation stay as they were, so the edge keeps serving the last good configuration.
 * A change of rules, pages or routes only (data.json and pages) reaches the running edge without
 * a reload; anything else reloads nginx, which drops no request (workers finish theirs).
 */

/** Generations kept besides the live one, for a look at what changed. */
const KEEP_GENERATIONS = 3;
/** How long a publish waits for the running edge to take a generation. */
const TAKE_TIMEOUT_MS = 10_000;

export interface EdgeContext {
  config: Config;
  /** The country database nginx reads (the console's own), null for none. */
  countryDb: string | null;
  /** The ISP database nginx reads (`edgeAsnDb`), null for none. */
  asnDb: string | null;
}

/** One publish at a time per edge folder: each builds on the records the last one left. */
const queues = new Map<string, Promise<unknown>>();

async function readGeneration(dir: string): Promise<CompiledEdge | null> {
  if (!existsSync(dir)) return null;
  const files: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(name);
      else if (name !== GENERATION_FILE) files[name] = await readFile(path.join(dir, name), 'utf8');
    }
  };
  await walk('');
  return { files, secret: [] };
}

const sameFiles = (a: CompiledEdge, b: CompiledEdge) => {
  const names = Object.keys(a.files);
  return names.length === Object.keys(b.files).length && names.every((n) => a.files[n] === b.files[n]);
};

async function writeGeneration(dir: string, compiled: CompiledEdge, stamp: string): Promise<void> {
  for (const [name, content] of Object.entries(compiled.files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content, { mode: compiled.secret.includes(name) ? 0o600 : 0o644 });
  }
  await writeFile(path.join(dir, GENERATION_FILE), `${stamp}\n`);
}

/** The system certificate (lines without their own, names no line serves): self-signed, made once. */
async function ensureSystemCert(pem: string, key: string, cnameZone: string): Promise<void> {
  if (existsSync(pem) && existsSync(key)) return;
  await exec('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '3650',
    '-subj',
    `/CN=*.${cnameZone}`,
    '-keyout',
    key,
    '-out',
    pem,
  ]);
}

async function commitRecords(recordDir: string, change: EdgeChange): Promise<void> {
  for (const [relative, { content, mode }] of change.writes)
    await writeAtomically(path.join(recordDir, relative), content, mode);
  await removeFiles(...[...change.removes].map((relative) => path.join(recordDir, relative)));
}

async function swapLive(live: string, target: string): Promise<void> {
  const temporary = `${live}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await symlink(target, temporary);
  await rename(temporary, live);
}

async function control(config: Config, pathname: string, method = 'GET'): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${config.edge.controlPort}${pathname}`, {
    method,
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`edge control ${pathname} answered ${response.status}: ${text.trim()}`);
  return text;
}

/** Waits until the running edge serves a generation (a reload is taken by new workers). */
async function waitForGeneration(config: Config, stamp: string): Promise<void> {
  const until = Date.now() + TAKE_TIMEOUT_MS;
  let last = '';
  while (Date.now() < until) {
    try {
      last = (JSON.parse(await control(config, '/health')) as { generation: string }).generation;
      if (last === stamp) return;
    } catch {
      // The control port is briefly between workers during a reload.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the edge did not take generation ${stamp} within ${TAKE_TIMEOUT_MS} ms (serving ${last || 'none'})`);
}

async function pruneGenerations(gens: string, keep: string): Promise<void> {
  const names = (await readdir(gens)).filter((n) => n !== keep).sort();
  for (const name of names.slice(0, Math.max(0, names.length - KEEP_GENERATIONS)))
    await rm(path.join(gens, name), { recursive: true, force: true });
}

let counter = 0;
const nextStamp = () => `${Date.now().toString().padStart(14, '0')}-${String(++counter).padStart(4, '0')}`;

async function apply(ctx: EdgeContext, change: EdgeChange): Promise<void> {
  const { config } = ctx;
  const nginx = config.edge.nginx;
  if (!nginx) {
    // No nginx on this machine: the records are what a remote edge would read.
    await commitRecords(config.edgeDir, change);
    return;
  }
  const paths = edgePaths(config);
  const layout = edgeLayout(config, ctx.countryDb, ctx.asnDb);
  await ensureSystemCert(layout.systemCert.pem, layout.systemCert.key, config.cnameZone);
  const compiled = compileEdge(await readSnapshot(config.edgeDir, change), layout);
  const previous = await readGeneration(paths.live);
  if (previous && sameFiles(previous, compiled)) {
    await commitRecords(config.edgeDir, change);
    return;
  }
  const stamp = nextStamp();
  const dir = path.join(paths.gens, stamp);
  await writeGeneration(dir, compiled, stamp);
  try {
    await checkConf(nginx, paths.run, path.join(dir, 'nginx.conf'));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  await commitRecords(config.edgeDir, change);
  await swapLive(paths.live, dir);
  if (masterPid(paths.run) !== null) {
    let pushed = false;
    if (!needsReload(previous, compiled)) {
      // A control port that does not answer (another EDGE_CONTROL_PORT, workers starting) must not
      // leave the edge on old data: a reload reads the live generation whole.
      pushed = await control(config, '/data', 'POST').then(
        () => true,
        () => false,
      );
    }
    if (!pushed) {
      reload(paths.run);
      await waitForGeneration(config, stamp);
    }
  }
  await pruneGenerations(paths.gens, stamp);
}

/** Applies a task's change to the edge (see above); resolves once the running edge serves it. */
export function applyEdgeChange(ctx: EdgeContext, change: EdgeChange): Promise<void> {
  const key = ctx.config.edgeDir;
  const next = (queues.get(key) ?? Promise.resolve()).then(() => apply(ctx, change));
  queues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/** Compiles what is published and makes it live, without a change (the edge's start). */
export const publishCurrent = (ctx: EdgeContext) => applyEdgeChange(ctx, { writes: new Map(), removes: new Set() });
