import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * nginx as the console drives it: check a generation where it was written, start the master on
 * the live one, reload it, stop it. Every call names the prefix and the main file, so nothing of
 * the machine's own nginx (/etc/nginx) is read.
 */
export class EdgeCheckError extends Error {
  constructor(
    message: string,
    /** nginx's own words, for the log and the task's failure. */
    readonly reason: string,
  ) {
    super(message);
  }
}

const args = (prefix: string, conf: string) => ['-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'error.log')];

/** `nginx -t` on a generation's main file; throws with nginx's reason when it is refused. */
export async function checkConf(nginx: string, runDir: string, conf: string): Promise<void> {
  try {
    await run(nginx, ['-t', '-q', ...args(runDir, conf)], { timeout: 60_000 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    // The line that says why, without nginx's prefix and the test's closing sentence.
    const reason =
      stderr
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line.includes('[emerg]') || line.includes('[crit]'))
        ?.replace(/^nginx: \[(emerg|crit)\]\s*/, '') ?? stderr.trim();
    // The generation's files by their own names (`lines/<id>.conf:12`), not this machine's paths.
    const folder = `${path.dirname(conf)}/`;
    throw new EdgeCheckError(`nginx refused the configuration: ${reason}`, reason.split(folder).join(''));
  }
}

export function masterPid(runDir: string): number | null {
  const file = path.join(runDir, 'nginx.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Tells a running master to load the live generation (SIGHUP); false when none runs. */
export function reload(runDir: string): boolean {
  const pid = masterPid(runDir);
  if (pid === null) return false;
  process.kill(pid, 'SIGHUP');
  return true;
}

export const nginxArgs = args;
