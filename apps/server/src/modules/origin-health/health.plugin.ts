import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.js';
import { createHealthScheduler, type HealthScheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    healthChecks: HealthScheduler;
  }
}

/** Checks origins on this server (unless HEALTH_CHECKS=false) from ready to close. */
export const healthChecksPlugin = fp(
  async (app) => {
    const scheduler = createHealthScheduler({
      db: app.store.db,
      kind: app.store.kind,
      owner: `${hostname()}:${process.pid}:${newId().slice(0, 8)}`,
      emit: (event) => app.realtime.emitToGroup(event.groupName, 'origin.health', event),
      log: app.log,
    });
    app.decorate('healthChecks', scheduler);
    app.addHook('onReady', async () => {
      if (app.config.workers.healthChecks) scheduler.start();
    });
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'health-checks' },
);
