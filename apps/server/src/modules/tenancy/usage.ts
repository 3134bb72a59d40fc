import type { Kysely } from 'kysely';
import { COUNTED_LIMITS, type CountedLimit } from '@parapet/shared';
import type { Database } from '../../db/schema.js';

type Counter = (db: Kysely<Database>, groupName: string) => Promise<number>;

/**
 * How much of each counted limit a group uses. Each entity's module registers its counter
 * when it lands (service lines, WAF rules, pages, certificates, origin policies); a limit
 * with no entity yet counts zero.
 */
const counters: Partial<Record<CountedLimit, Counter>> = {};

export function registerUsageCounter(limit: CountedLimit, counter: Counter): void {
  counters[limit] = counter;
}

export async function groupUsage(db: Kysely<Database>, groupName: string): Promise<Record<CountedLimit, number>> {
  const entries = await Promise.all(COUNTED_LIMITS.map(async (limit) => [limit, (await counters[limit]?.(db, groupName)) ?? 0] as const));
  return Object.fromEntries(entries) as Record<CountedLimit, number>;
}
