import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.js';
import { enqueueDeploy, taskQueued } from '../../core/enqueue.js';
import { findPolicyRow } from '../origin-policies/origin-policies.repository.js';
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
      owner: `${hostname()}:${process.pid}:${newId().slice(0, 8)}`,
      // The policy's group is looked up as it is when the event goes out (renamed, or gone).
      emit: (event) =>
        void app.realtime
          .emitOriginHealth(event)
          .catch((err: unknown) => app.log.warn({ err }, 'health event not sent')),
      log: app.log,
      guard: app.originGuard,
      // The policy is published again with its down origins left out (docs/edge.md, "Origins").
      async onDownChanged(policyId) {
        const queued = await app.store.db.transaction().execute(async (trx) => {
          const policy = await findPolicyRow(trx, policyId);
          if (!policy) return false;
          await enqueueDeploy(trx, {
            groupName: policy.group_name,
            entity: 'origin-policy',
            entityId: policy.id,
            entityName: policy.policy_name,
            operation: 'publish',
          });
          return true;
        });
        if (queued) taskQueued();
      },
    });
    app.decorate('healthChecks', scheduler);
    app.addHook('onReady', async () => {
      if (app.config.workers.healthChecks) scheduler.start();
    });
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'health-checks' },
);
