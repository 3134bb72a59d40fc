import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const ADMIN_PASSWORD = 'Durability-Admin-Password-1';

/**
 * How the server is started: the built bundle (benches), the source through tsx, or a bundle
 * of the source made for one run (`bundleSource`).
 */
export type ServerBuild = 'dist' | 'source' | { bundle: string };

/**
 * Bundles this checkout's server source once, as `npm run build -w apps/server` does, into a
 * file of its own beside dist/server.js (so its relative paths, to the web build and the
 * edge's Lua, are the same). The crash loop starts the server six times or more: through tsx
 * each start compiled the source again, 3 s more per start on two busy cores.
 */
export async function bundleSource(): Promise<{ build: ServerBuild; remove(): void }> {
  const server = path.join(ROOT, 'apps/server');
  const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outfile = path.join(server, 'dist', `source-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  await build({
    entryPoints: [path.join(server, 'src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@parapet/')),
    logLevel: 'warning',
  });
  return { build: { bundle: outfile }, remove: () => rmSync(outfile, { force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** The server's own output, kept for a failure's message. */
  output: () => string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server on loopback with one DATA_DIR, SQLite and the embedded DuckDB store, no nginx and
 * no health checks; resolves once /api/health answers.
 */
export async function startServer(
  dataDir: string,
  port: number,
  build: ServerBuild,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    ALLOW_PRIVATE_ORIGINS: 'true',
    HEALTH_CHECKS: 'false',
    EDGE_NGINX: 'off',
    ...extraEnv,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'CLICKHOUSE_URL']) delete env[name];
  const args = [
    ...nodeArgs,
    ...(build === 'dist'
      ? ['apps/server/dist/server.js']
      : build === 'source'
        ? ['--import', 'tsx', 'apps/server/src/server.ts']
        : [build.bundle]),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Never left behind when the run itself dies.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { child, base, output: () => output };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in 30 s:\n${output}`);
}

/** SIGKILL, resolved once the process is gone. */
export function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
