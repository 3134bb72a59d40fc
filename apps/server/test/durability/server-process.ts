import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const ADMIN_PASSWORD = 'Durability-Admin-Password-1';

/** How the server is started: the built bundle (benches) or the source through tsx (tests). */
export type ServerBuild = 'dist' | 'source';

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
    ...(build === 'dist' ? ['apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts']),
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
