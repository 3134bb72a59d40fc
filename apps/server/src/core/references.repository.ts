import type { Kysely, Transaction } from 'kysely';
import type { DeployEntity } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The item that uses others: a service line or a rule. */
export interface Referrer {
  groupName: string;
  entity: string;
  id: string;
  name: string;
}

/**
 * Records, in the referrer's own transaction, exactly which items it uses now (the previous
 * list is replaced). Service lines and rules call this when they are saved.
 */
export async function setReferences(
  trx: Transaction<Database>,
  from: Referrer,
  targets: ReadonlyArray<{ entity: DeployEntity; id: string }>,
): Promise<void> {
  await trx.deleteFrom('entity_refs').where('from_entity', '=', from.entity).where('from_id', '=', from.id).execute();
  const unique = new Map(targets.map((t) => [`${t.entity}:${t.id}`, t]));
  if (unique.size === 0) return;
  await trx
    .insertInto('entity_refs')
    .values(
      [...unique.values()].map((t) => ({
        group_name: from.groupName,
        from_entity: from.entity,
        from_id: from.id,
        from_name: from.name,
        to_entity: t.entity,
        to_id: t.id,
      })),
    )
    .execute();
}

/** Forgets what a deleted item used (its row is gone in the same transaction). */
export async function clearReferences(trx: Transaction<Database>, entity: string, id: string): Promise<void> {
  await trx.deleteFrom('entity_refs').where('from_entity', '=', entity).where('from_id', '=', id).execute();
}

/** The names of whatever uses each of the given items, sorted; items nobody uses are absent. */
export async function usersOf(db: Db, entity: DeployEntity, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('entity_refs')
    .select(['to_id', 'from_name'])
    .where('to_entity', '=', entity)
    .where('to_id', 'in', [...ids])
    .orderBy('from_name')
    .execute();
  for (const row of rows) out.set(row.to_id, [...(out.get(row.to_id) ?? []), row.from_name]);
  return out;
}

/** Deleting a used item is refused, naming its users (spec §5 "is used by service"). */
export async function assertNotInUse(db: Db, entity: DeployEntity, id: string): Promise<void> {
  const users = (await usersOf(db, entity, [id])).get(id);
  if (users?.length) throw new AppError('IN_USE', undefined, { usedBy: users });
}

/** The service lines (ids and names) that use an item, for redeploying them when it changes. */
export async function linesUsing(
  db: Db,
  entity: DeployEntity,
  id: string,
): Promise<Array<{ id: string; name: string; groupName: string }>> {
  const rows = await db
    .selectFrom('entity_refs')
    .select(['from_id', 'from_name', 'group_name'])
    .where('from_entity', '=', 'service-line')
    .where('to_entity', '=', entity)
    .where('to_id', '=', id)
    .execute();
  return rows.map((r) => ({ id: r.from_id, name: r.from_name, groupName: r.group_name }));
}
