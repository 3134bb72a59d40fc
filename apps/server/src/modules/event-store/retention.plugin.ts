import fp from 'fastify-plugin';
import { purgeExpiredEvents, scheduleRetention } from './retention.js';

/**
 * Runs the retention purge a minute after start and every half hour after (`scheduleRetention`).
 * It touches the store only where there can be events (`app.events.mayHoldEvents()`), so a
 * server that never got an event never creates a DuckDB file for it.
 */
export const retentionPlugin = fp(async (app) => {
  let stop = () => undefined as void;
  let running = false;
  const run = async () => {
    // A purge longer than the interval is not run twice at once.
    if (running || !app.events.mayHoldEvents()) return;
    running = true;
    try {
      const removed = await purgeExpiredEvents(app.store.db, await app.events.get(), Date.now());
      const total = [...removed.values()].reduce((a, b) => a + b, 0);
      if (total > 0) app.log.info({ removed: Object.fromEntries(removed) }, 'expired events purged');
    } catch (error) {
      app.log.warn({ err: error }, 'event retention purge failed');
    } finally {
      running = false;
    }
  };

  app.decorate('purgeExpiredEvents', run);
  app.addHook('onReady', async () => {
    stop = scheduleRetention(() => void run());
  });
  app.addHook('onClose', async () => stop());
});

declare module 'fastify' {
  interface FastifyInstance {
    /** One retention pass now (the timer's work); does nothing on a server without events. */
    purgeExpiredEvents: () => Promise<void>;
  }
}
