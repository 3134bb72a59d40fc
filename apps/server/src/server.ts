import { ConfigError, loadConfig } from './env.js';
import { buildApp } from './app.js';
import { openStore } from './db/open-store.js';
import { ensureFirstAdmin } from './modules/users/first-admin.js';
import { ensureDefaultGroup } from './modules/groups/default-group.js';

/**
 * The process that listens: reads configuration, opens and migrates the store, makes the first
 * admin on an empty store, serves, and closes cleanly on SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, store });

  await ensureFirstAdmin(store.db, config.admin, app.log);
  await ensureDefaultGroup(store.db);

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The store closes after the app, not in an onClose hook: those run last-added first, so one
    // added here ran before the deploy worker's and pulled the store from under a running task.
    app
      .close()
      .then(() => store.close())
      .then(() => {
        app.log.info('closed cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ store: store.kind, url: config.publicUrl }, 'Parapet console is ready');
  // In the background: until it is ready, the dashboard goes out as built and renders in the browser.
  void app.prepareFirstViews();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Parapet failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
