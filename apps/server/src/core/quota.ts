import type { Kysely, Transaction } from 'kysely';
import { planOf, type CountedLimit } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { lockGroup } from '../modules/groups/groups.repository.js';

export interface QuotaCreate<T> {
  groupName: string;
  limit: CountedLimit;
  /** How many the group has now, read inside the transaction. */
  count: (trx: Transaction<Database>) => Promise<number>;
  create: (trx: Transaction<Database>) => Promise<T>;
  /** The error of a full quota; WAF rules answer NO_RULES_AVAILABLE (spec §8). */
  error?: 'QUOTA_EXCEEDED' | 'NO_RULES_AVAILABLE';
}

/**
 * Creates something only while the group's plan allows one more. The group row is locked
 * (PostgreSQL) or the store has one writer (SQLite) for the whole check-then-insert, so two
 * creates racing for the last slot leave exactly one.
 */
export async function createWithinQuota<T>(db: Kysely<Database>, spec: QuotaCreate<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, spec.groupName);
    if (!group) throw new AppError('NOT_FOUND');
    const max = planOf(group.plan).resourceLimits[spec.limit];
    if ((await spec.count(trx)) >= max) throw new AppError(spec.error ?? 'QUOTA_EXCEEDED');
    return spec.create(trx);
  });
}
