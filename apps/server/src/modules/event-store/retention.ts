import type { Kysely } from 'kysely';
import { planOf } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { EventStore } from './event-store.js';

const DAY_MS = 24 * 60 * 60_000;
/** How often the purge runs. Retention is counted in days, so an hour late is no harm. */
export const RETENTION_PURGE_INTERVAL_MS = 30 * 60_000;

/**
 * Removes each group's events older than its plan's `logRetentionDays` (ARCHITECTURE §5);
 * answers how many went, by group. A group changing plan keeps what the new plan allows.
 */
export async function purgeExpiredEvents(
  db: Kysely<Database>,
  store: EventStore,
  now = Date.now(),
): Promise<Map<string, number>> {
  const groups = await db.selectFrom('groups').select(['name', 'plan']).orderBy('name').execute();
  const removed = new Map<string, number>();
  for (const group of groups) {
    const before = now - planOf(group.plan).resourceLimits.logRetentionDays * DAY_MS;
    removed.set(group.name, await store.purge({ groupName: group.name, before }));
  }
  return removed;
}
