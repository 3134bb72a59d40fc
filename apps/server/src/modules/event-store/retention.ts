import type { Kysely } from 'kysely';
import { eventsKeptFrom, planOf } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { EventStore } from './event-store.js';

/** How often the purge runs. Retention is counted in days, so an hour late is no harm. */
export const RETENTION_PURGE_INTERVAL_MS = 30 * 60_000;
/**
 * How long after start the first purge runs. Until 29 Nov the first waited a whole interval, so
 * a server restarted more often than that (a crash loop, frequent deploys) never purged and its
 * store grew past every plan's retention. A minute keeps it out of the start itself.
 */
export const RETENTION_FIRST_PURGE_DELAY_MS = 60_000;

/**
 * Runs `run` once `firstDelayMs` after now and every `intervalMs` after that; answers a function
 * that stops it. The timers do not keep the process alive.
 */
export function scheduleRetention(
  run: () => void,
  firstDelayMs = RETENTION_FIRST_PURGE_DELAY_MS,
  intervalMs = RETENTION_PURGE_INTERVAL_MS,
): () => void {
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    interval = setInterval(run, intervalMs);
    interval.unref();
    run();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}

/** The oldest time a group of this plan keeps events from: what ingest takes and the purge keeps. */
export const keptFrom = (plan: string, now: number): number =>
  eventsKeptFrom(planOf(plan).resourceLimits.logRetentionDays, now);

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
    const before = keptFrom(group.plan, now);
    removed.set(group.name, await store.purge({ groupName: group.name, before }));
  }
  return removed;
}
