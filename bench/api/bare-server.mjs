// The yardstick of bench/api.bench.mjs: a bare Fastify app, no plugins, one route answering a
// small JSON, in a process of its own like the real server. Listens on the port it is given.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, service: 'bare' }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
