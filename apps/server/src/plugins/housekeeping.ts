import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteAttemptsBefore } from '../lib/rate-limit.repository.js';
import { deleteTokensExpiredBefore } from '../modules/auth/tokens.repository.js';
import { deleteTasksFinishedBefore } from '../modules/deploy/tasks.repository.js';
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
  await deleteAttemptsBefore(db, now - RATE_LIMIT_KEEP_MS);
  await deleteTokensExpiredBefore(db, now - TOKEN_KEEP_MS);
  await deleteTasksFinishedBefore(db, now - TASK_KEEP_MS);
}

/** Runs the sweep now and then; every server may run it, since each delete is idempotent. */
export const housekeepingPlugin = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweep(app.store.db, app.config.session.idleMs).catch((error: unknown) =>
        app.log.warn({ err: error }, 'housekeeping sweep failed'),
      );
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
