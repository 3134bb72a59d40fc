import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.js';
import { edgeAsnDb } from '../geoip/asn-mmdb.js';
import { defaultCountryDbPath } from '../geoip/country-lookup.js';
import { createDeployWorker, type DeployWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    deploy: DeployWorker;
  }
}

/** Runs the deploy worker on this server (unless DEPLOY_WORKER=false) from ready to close. */
export const deployPlugin = fp(
  async (app) => {
    const worker = createDeployWorker({
      db: app.store.db,
      config: app.config,
      owner: `${hostname()}:${process.pid}:${newId().slice(0, 8)}`,
      // The task's group is looked up as it is when the event goes out (renamed, or gone).
      emit: (event) =>
        void app.realtime.emitTaskUpdate(event).catch((err: unknown) => app.log.warn({ err }, 'task event not sent')),
      log: app.log,
      leaseMs: app.config.workers.deployLeaseMs,
      countryDb: app.config.geoipCountryDb ?? defaultCountryDbPath(),
      // Built here, before the server listens, the first time a DATA_DIR has a local edge.
      asnDb: app.config.edge.nginx ? await edgeAsnDb(app.config) : null,
    });
    app.decorate('deploy', worker);
    app.addHook('onReady', async () => {
      if (app.config.workers.deploy) worker.start();
    });
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'deploy' },
);
