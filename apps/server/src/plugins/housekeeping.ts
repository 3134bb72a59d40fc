import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteExpiredSessions } from '../modules/sessions/sessions.repository.js';

const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Longest rate-limit window plus a margin; older counters can no longer matter. */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60_000;
/** Used and expired mailed tokens are kept a week for support questions, then dropped. */
const TOKEN_KEEP_MS = 7 * 24 * 60 * 60_000;
/** Ended deploy tasks answer `GET /tasks/:taskNo` for a month, then go; open ones always stay. */
const TASK_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Deletes what can no longer be used: expired sessions, stale counters, old tokens, old ended tasks. */
export async function sweep(db: Kysely<Database>, idleMs: number, now = Date.now()): Promise<void> {
  await deleteExpiredSessions(db, now, idleMs);
  await db.deleteFrom('rate_limits').where('window_start', '<', now - RATE_LIMIT_KEEP_MS).execute();
  await db.deleteFrom('user_tokens').where('expires_at', '<', now - TOKEN_KEEP_MS).execute();
  await db.deleteFrom('deploy_tasks').where('state', 'in', ['succeeded', 'failed']).where('finished_at', '<', now - TASK_KEEP_MS).execute();
}

/** Runs the sweep now and then; every server may run it, since each delete is idempotent. */
export const housekeepingPlugin = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweep(app.store.db, app.config.session.idleMs).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping sweep failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
