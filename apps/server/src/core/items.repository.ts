import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { LineStatus } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { forUpdate } from '../db/dialect.js';
import type { ItemRow, KindTable } from './registry.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The queries the write path and the worker make on any deployed kind's table. The table is
 * chosen at run time, so rows go in and out as the kind's own row type, which its service
 * built; Kysely cannot check a row against a table it does not know yet.
 */

const nameIs = (column: string, name: string) => sql<SqlBool>`${sql.ref(column)} = ${name}`;

export async function findItemIdByName(
  db: Db,
  table: KindTable,
  nameColumn: string,
  groupName: string,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('group_name', '=', groupName)
    .where(nameIs(nameColumn, name))
    .executeTakeFirst();
  return row?.id;
}

export async function insertItem(db: Db, table: KindTable, row: ItemRow): Promise<void> {
  // The row type is the kind's; see above.
  await db
    .insertInto(table)
    .values(row as never)
    .execute();
}

/** Updates only the version that was read; false when someone else saved in between. */
export async function updateItem(
  db: Db,
  table: KindTable,
  id: string,
  version: number,
  patch: object,
  now = Date.now(),
): Promise<boolean> {
  const res = await db
    .updateTable(table)
    .set({ ...patch, version: version + 1, updated_at: now } as never)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteItem(db: Db, table: KindTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

export async function setItemStatus(
  db: Db,
  table: KindTable,
  id: string,
  status: LineStatus,
  lastError?: string | null,
): Promise<void> {
  await db
    .updateTable(table)
    .set(lastError === undefined ? { status } : { status, last_error: lastError })
    .where('id', '=', id)
    .execute();
}

/** Holds an item's row for the rest of the transaction (PostgreSQL; SQLite has one writer). */
export async function lockItem(trx: Transaction<Database>, table: KindTable, id: string): Promise<void> {
  await forUpdate(trx, trx.selectFrom(table).select('id').where('id', '=', id)).execute();
}
