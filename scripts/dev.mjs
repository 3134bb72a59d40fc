// `npm run dev`: the API server restarting on change (tsx watch) and Vite with hot reload,
// proxying /api and /socket.io to it. Ctrl-C stops both. Origins on this machine or its
// network (127.0.0.1:3000, 10.x) are allowed here, as they are not in production.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ALLOW_PRIVATE_ORIGINS: process.env.ALLOW_PRIVATE_ORIGINS ?? 'true',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
