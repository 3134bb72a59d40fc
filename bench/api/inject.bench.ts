// The server's own JavaScript per request, without sockets: the real application (buildApp on a
// fresh SQLite store, as the tests build it) answers light.inject calls, beside a bare Fastify
// app in the same process. Steadier than requests/s on a shared machine, and fast enough to run
// after each change while looking for where a request's time goes (docs/api-bench.md).
//
//   npx tsx bench/api/inject.bench.ts [seconds per task]
import Fastify from 'fastify';
import { Bench } from 'tinybench';
import { USER_API } from '@parapet/shared';
import { buildTestApp } from '../../apps/server/test/helpers/app.js';
import { signedInAdmin } from '../../apps/server/test/helpers/admin.js';

const seconds = Number(process.argv[2] ?? 3);
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true, service: 'bare' }));
await bare.ready();

const t = await buildTestApp('sqlite');
await t.app.ready();
const admin = await signedInAdmin(t);
const cookie = admin.cookie!;

const bench = new Bench({ time: seconds * 1000, warmupTime: 1000 });
bench
  .add('bare route', async () => {
    await bare.inject({ method: 'GET', url: '/bare' });
  })
  .add('GET /api/health', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
  })
  .add('GET /api/user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${USER_API.user}`, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
await bench.run();
const base = bench.tasks[0]!.result!.mean;
console.table(
  bench.tasks.map((task) => ({
    call: task.name,
    'µs a call (mean)': (task.result!.mean * 1000).toFixed(1),
    'µs p99': (task.result!.p99 * 1000).toFixed(1),
    '× bare': (base / task.result!.mean).toFixed(3),
  })),
);
await t.close();
await bare.close();
