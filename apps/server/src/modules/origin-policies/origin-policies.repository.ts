import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, OriginPoliciesTable } from '../../db/schema.js';
import type { OriginPolicyListQuery } from '@parapet/shared';
import { containsIgnoringCase } from '../../lib/like.js';
import { itemFilters } from '../../lib/list-filters.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listPolicyRows(db: Db, q: OriginPolicyListQuery) {
  const base = db.selectFrom('origin_policies').where('group_name', '=', q.groupName).where(containsIgnoringCase('policy_name', q.search)).where(itemFilters(q));
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('policy_name').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
  return { rows, total: Number(total.n) };
}

export const findPolicyRow = (db: Db, id: string) => db.selectFrom('origin_policies').selectAll().where('id', '=', id).executeTakeFirst();

export const findPolicyByName = (db: Db, groupName: string, name: string) =>
  db.selectFrom('origin_policies').select('id').where('group_name', '=', groupName).where('policy_name', '=', name).executeTakeFirst();

export async function countPolicies(db: Db, groupName: string): Promise<number> {
  const row = await db.selectFrom('origin_policies').select((eb) => eb.fn.countAll<number | string>().as('n')).where('group_name', '=', groupName).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPolicyRow(db: Db, row: Insertable<OriginPoliciesTable>): Promise<void> {
  await db.insertInto('origin_policies').values(row).execute();
}

/** Updates only the version that was read; false when someone else saved in between. */
export async function updatePolicyRow(db: Db, id: string, version: number, patch: Updateable<OriginPoliciesTable>): Promise<boolean> {
  const res = await db.updateTable('origin_policies').set({ ...patch, version: version + 1, updated_at: Date.now() }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

