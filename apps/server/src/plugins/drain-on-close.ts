import type { FastifyInstance } from 'fastify';

/** How often a closing server ends the connections that have fallen idle since the last look. */
const DRAIN_INTERVAL_MS = 50;

/**
 * A close that lets each request in flight finish, then ends its connection. Node's
 * server.close() ends only the connections idle at that moment (Fastify's `forceCloseConnections:
 * 'idle'`); one busy then, such as an edge's log shipper posting a batch, stayed open after its
 * answer for the whole keep-alive timeout (72 s in Fastify), and `app.close()` (a SIGTERM, a
 * restart) waited that long. From the start of the close until the server has closed, the
 * connections that fall idle are ended too. `forceCloseConnections: true` would also end them,
 * but would cut off the requests still being answered.
 */
export function drainOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const timer = setInterval(() => app.server.closeIdleConnections(), DRAIN_INTERVAL_MS);
    timer.unref();
    // The server's own close runs after the onClose hooks: its event, not a hook, ends the watch.
    app.server.once('close', () => clearInterval(timer));
    done();
  });
}
