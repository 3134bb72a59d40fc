// Main-thread CPU time per request of one or more builds of the application, in one process,
// taking turns (docs/api-bench.md). Each source tree given (this checkout by default; a `git
// worktree` of an older commit for a "before") has its test helpers bundled with esbuild, so its
// buildApp runs on a fresh SQLite store and answers light.inject calls: no sockets, no client.
// The figure is the main thread's own CPU time (Linux's schedstat, in ns) over each round: time
// spent waiting for a core is not counted, so it moves far less than requests/s or wall time when
// other work shares the cores. The least of the rounds is the steadiest; the median shows the spread.
//
//   node bench/api/inject-cpu.mjs [rounds] [calls per round] [source root...]
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [roundsArg = '10', perArg = '2000', ...given] = process.argv.slice(2);
const rounds = Number(roundsArg);
const perRound = Number(perArg);
const sources = given.length ? given : [root];
const outDir = path.join(root, 'apps/server/dist/inject-cpu');
const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@parapet/'));

/** CPU time of this process's main thread so far, in ns. */
const threadNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);

mkdirSync(outDir, { recursive: true });
const builds = [];
try {
  for (const [i, source] of sources.entries()) {
    const server = path.resolve(source, 'apps/server');
    const entry = path.join(server, `.inject-cpu-entry-${process.pid}.ts`);
    writeFileSync(
      entry,
      "export { buildTestApp } from './test/helpers/app.js';\nexport { signedInAdmin } from './test/helpers/admin.js';\n",
    );
    const outfile = path.join(outDir, `build-${i}.mjs`);
    try {
      // Bundled into this checkout's apps/server/dist, so the packages left out resolve here.
      await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', external });
    } finally {
      rmSync(entry, { force: true });
    }
    const { buildTestApp, signedInAdmin } = await import(outfile);
    const t = await buildTestApp('sqlite');
    await t.app.ready();
    const { cookie } = await signedInAdmin(t);
    builds.push({ name: `${i}: ${source}`, t, cookie });
  }
  const calls = {
    'GET /api/user': (b) => b.t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: b.cookie } }),
    'GET /api/health': (b) => b.t.app.inject({ method: 'GET', url: '/api/health' }),
  };
  const runs = new Map();
  for (const b of builds)
    for (const call of Object.values(calls))
      for (let i = 0; i < perRound * 2; i++) {
        const res = await call(b);
        if (res.statusCode !== 200) throw new Error(res.body);
      }
  for (let round = 0; round < rounds; round++)
    for (const b of round % 2 ? [...builds].reverse() : builds)
      for (const [name, call] of Object.entries(calls)) {
        const start = threadNs();
        for (let i = 0; i < perRound; i++) await call(b);
        const key = `${b.name} ${name}`;
        runs.set(key, [...(runs.get(key) ?? []), (threadNs() - start) / perRound / 1000]);
      }
  console.table(
    [...runs].map(([key, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        'build and call': key,
        'µs a call, least': sorted[0].toFixed(1),
        'µs a call, median': sorted[Math.floor(sorted.length / 2)].toFixed(1),
      };
    }),
  );
} finally {
  for (const b of builds) await b.t.close();
  rmSync(outDir, { recursive: true, force: true });
}
