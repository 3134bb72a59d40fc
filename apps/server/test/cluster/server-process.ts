import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
/** The built server; CLUSTER_SERVER_BUNDLE runs another build instead (such as one with a fix taken out). */
const OTHER_BUNDLE = process.env.CLUSTER_SERVER_BUNDLE;
export const SERVER_BUNDLE = OTHER_BUNDLE ? path.resolve(OTHER_BUNDLE) : path.join(root, 'apps/server/dist/server.js');

/** The newest modification time of the TypeScript compiled into the bundle. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The tests run the built server, as it is deployed. A bundle older than the server's or the
 * shared package's sources would test old code, so it is built again (esbuild, a few seconds);
 * a failed build says so rather than running what is there.
 */
export function ensureServerBuilt(): void {
  if (OTHER_BUNDLE) {
    if (!existsSync(SERVER_BUNDLE)) throw new Error(`CLUSTER_SERVER_BUNDLE ${SERVER_BUNDLE} does not exist`);
    return;
  }
  const sources = Math.max(
    newestSource(path.join(root, 'apps/server/src')),
    newestSource(path.join(root, 'packages/shared/src')),
  );
  const missing = !existsSync(SERVER_BUNDLE);
  if (!missing && statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  process.stderr.write(
    `${SERVER_BUNDLE} is ${missing ? 'missing' : 'older than the sources'}: building it (npm run build -w apps/server)\n`,
  );
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0 || !existsSync(SERVER_BUNDLE))
    throw new Error(
      `The built server ${SERVER_BUNDLE} is missing and \`npm run build -w apps/server\` failed:\n${built.stdout}${built.stderr}`,
    );
}

export interface ServerProcess {
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `node apps/server/dist/server.js` on a free loopback port; resolves once it listens. */
export async function startServer(
  env: Record<string, string>,
  /** Told of the process as soon as it exists, so a start that fails later still leaves it killable. */
  track: (kill: (signal: NodeJS.Signals) => void, exit: Promise<number | null>) => void,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const kill = (signal: NodeJS.Signals) => {
    if (!exited) child.kill(signal);
  };
  track(kill, exit);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill('SIGKILL');
      reject(new Error(`server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const hit = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (hit?.[1]) {
        clearTimeout(timer);
        resolve(hit[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  if (child.pid === undefined) throw new Error('server has no pid');
  return { pid: child.pid, url, port: Number(new URL(url).port), output: () => output, exit, kill };
}
