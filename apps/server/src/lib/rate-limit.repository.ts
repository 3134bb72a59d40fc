import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Adds one attempt under `key` to the window starting at `windowStart` (a new window starts
 * over at one) and answers the window's count. One atomic upsert: two servers counting at
 * once cannot both read the old count.
 */
export async function bumpAttempts(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
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
  return Number(row.count);
}

export async function deleteAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops counters of windows that started before `before` (housekeeping). */
export async function deleteAttemptsBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
