import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from './app-error.js';
import { bumpAttempts, deleteAttempts } from './rate-limit.repository.js';

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
  if ((await bumpAttempts(db, key, windowStart)) > limit.max) throw new AppError('RATE_LIMITED');
}

/** Forgets the attempts under `key` (a successful sign-in clears its account's failures). */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await deleteAttempts(db, key);
}
