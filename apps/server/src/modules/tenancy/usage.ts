import type { Kysely } from 'kysely';
import { COUNTED_LIMITS, type CountedLimit } from '@parapet/shared';
import { deployedKinds } from '../../core/registry.js';
import type { Database } from '../../db/schema.js';

/**
 * How much of each counted limit a group uses: each deployed kind with a quota counts its
 * own (see core/registry.ts), firewall rules included; a limit no kind counts would be zero.
 */
export async function groupUsage(db: Kysely<Database>, groupName: string): Promise<Record<CountedLimit, number>> {
  const counters = new Map(
    deployedKinds().flatMap((kind) => (kind.quota ? [[kind.quota.limit, kind.quota.count] as const] : [])),
  );
  const entries = await Promise.all(
    COUNTED_LIMITS.map(async (limit) => [limit, (await counters.get(limit)?.(db, groupName)) ?? 0] as const),
  );
  return Object.fromEntries(entries) as Record<CountedLimit, number>;
}
