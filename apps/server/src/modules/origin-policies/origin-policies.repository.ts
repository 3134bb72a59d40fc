import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OriginPoliciesTable } from '../../db/schema.js';
import type { OriginPolicyListQuery } from '@parapet/shared';
import { containsIgnoringCase } from '../../db/dialect.js';
import { itemFilters } from '../../lib/list-filters.js';
import { keptCount } from '../../db/kept-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listPolicyRows(db: Db, q: OriginPolicyListQuery) {
  const base = db
    .selectFrom('origin_policies')
    .where('group_name', '=', q.groupName)
    .where(containsIgnoringCase('policy_name', q.search))
    .where(itemFilters(q));
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('policy_name')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

export const findPolicyRow = (db: Db, id: string) =>
  db.selectFrom('origin_policies').selectAll().where('id', '=', id).executeTakeFirst();

/** The ids of the group's policies of these names, by name; absent names are missing. */
export async function findPolicyIdsByName(
  db: Db,
  groupName: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('origin_policies')
    .select(['id', 'policy_name'])
    .where('group_name', '=', groupName)
    .where('policy_name', 'in', [...names])
    .execute();
  return new Map(rows.map((p) => [p.policy_name, p.id]));
}

export async function countPolicies(db: Db, groupName: string): Promise<number> {
  const row = await db
    .selectFrom('origin_policies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_name', '=', groupName)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPolicyRow(db: Db, row: Insertable<OriginPoliciesTable>): Promise<void> {
  await db.insertInto('origin_policies').values(row).execute();
}
