import type { Kysely, Transaction } from 'kysely';
import type { WafRuleListQuery } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/dialect.js';
import { itemFilters } from '../../lib/list-filters.js';
import type { WafRuleRow } from './waf-rules.kind.js';
import { keptCount } from '../../db/kept-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The group's rules that pass the list's filters (all but the search), by name. */
const filtered = (db: Db, q: WafRuleListQuery) =>
  db
    .selectFrom('waf_rules')
    .where('group_name', '=', q.groupName)
    .where(itemFilters(q))
    .$if(q.wafAction !== undefined, (qb) =>
      qb.where('waf_action', '=', q.wafAction as NonNullable<WafRuleListQuery['wafAction']>),
    );

/** A page of the group's rules whose name holds the search, by name. */
export async function listWafRuleRows(db: Db, q: WafRuleListQuery): Promise<{ rows: WafRuleRow[]; total: number }> {
  const base = filtered(db, q).where(containsIgnoringCase('rule_name', q.search));
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('rule_name')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

/**
 * Every rule of the group that passes the filters, by name, for a deep search: its values are
 * matched in the service, since the JSON column holds field names and escapes too. A group
 * has at most its plan's quota of rules.
 */
export const listFilteredWafRuleRows = (db: Db, q: WafRuleListQuery): Promise<WafRuleRow[]> =>
  filtered(db, q).selectAll().orderBy('rule_name').execute();

export const findWafRuleRow = (db: Db, id: string): Promise<WafRuleRow | undefined> =>
  db.selectFrom('waf_rules').selectAll().where('id', '=', id).executeTakeFirst();

export const findWafRuleByName = (db: Db, groupName: string, name: string): Promise<WafRuleRow | undefined> =>
  db
    .selectFrom('waf_rules')
    .selectAll()
    .where('group_name', '=', groupName)
    .where('rule_name', '=', name)
    .executeTakeFirst();

/** The group's rules of these names, by name; absent names are missing. */
export async function findWafRulesByName(
  db: Db,
  groupName: string,
  names: readonly string[],
): Promise<Map<string, WafRuleRow>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('waf_rules')
    .selectAll()
    .where('group_name', '=', groupName)
    .where('rule_name', 'in', [...new Set(names)])
    .execute();
  return new Map(rows.map((row) => [row.rule_name, row]));
}

/** Every rule of the group, by name (export). */
export const listGroupWafRuleRows = (db: Db, groupName: string): Promise<WafRuleRow[]> =>
  db.selectFrom('waf_rules').selectAll().where('group_name', '=', groupName).orderBy('rule_name').execute();

export async function countWafRules(db: Db, groupName: string): Promise<number> {
  const row = await db
    .selectFrom('waf_rules')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_name', '=', groupName)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
