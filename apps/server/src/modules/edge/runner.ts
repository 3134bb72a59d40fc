import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../env.js';
import { edgePaths } from './layout.js';
import { masterPid, nginxArgs } from './nginx.js';
import { publishCurrent, type EdgeContext } from './publish.js';

/**
 * The local edge's nginx as a child process (`npm run edge`, and the edge's tests): the live
 * generation compiled from what is published, then the master in the foreground, so it stops
 * with its parent and a test can wait for it to go.
 */
export interface RunningEdge {
  pid: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the edge did not ${what} within ${READY_TIMEOUT_MS} ms`);
}

export async function startEdge(ctx: EdgeContext): Promise<RunningEdge> {
  const { config } = ctx;
  const nginx = config.edge.nginx;
  if (!nginx) throw new Error('No nginx to run the edge with (EDGE_NGINX, or install it: scripts/ensure-edge.sh)');
  const paths = edgePaths(config);
  const stale = masterPid(paths.run);
  if (stale !== null) throw new Error(`An edge already runs on ${paths.run} (pid ${stale})`);
  await publishCurrent(ctx);
  const child: ChildProcess = spawn(
    nginx,
    [...nginxArgs(paths.run, path.join(paths.live, 'nginx.conf')), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(async () => {
    if (gone) throw new Error(`nginx exited at start; see ${path.join(paths.run, 'error.log')}`);
    return health(config);
  }, 'answer on its control port');
  return {
    pid: child.pid ?? 0,
    async stop() {
      if (gone) return;
      // QUIT: workers finish the requests they hold, then the master leaves.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function health(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.edge.controlPort}/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
