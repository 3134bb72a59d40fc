import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from './app-error.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt under `key` in a fixed window kept in the store, so every server process
 * shares the count, and refuses it with 429 once the window's allowance is spent. One atomic
 * upsert per attempt: no read-then-write race between two servers.
 */
export async function spendAttempt(db: Kysely<Database>, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const windowStart = now - (now % limit.windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (Number(row.count) > limit.max) throw new AppError('RATE_LIMITED');
}

/** Forgets the attempts under `key` (a successful sign-in clears its account's failures). */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
