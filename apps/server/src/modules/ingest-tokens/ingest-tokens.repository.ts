import type { Kysely, Transaction } from 'kysely';
import type { Database, IngestTokensTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type IngestTokenRow = IngestTokensTable;

/** Tokens not revoked, oldest first. */
export const listActiveTokenRows = (db: Db) =>
  db
    .selectFrom('ingest_tokens')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findActiveTokenByName = (db: Db, name: string) =>
  db
    .selectFrom('ingest_tokens')
    .select('id')
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

export const findActiveTokenById = (db: Db, id: string) =>
  db.selectFrom('ingest_tokens').selectAll().where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();

/** The live token with this hash: what the ingest call checks a bearer against. */
export const findActiveTokenByHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('ingest_tokens')
    .select(['id', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

export async function insertTokenRow(db: Db, row: IngestTokenRow): Promise<void> {
  await db.insertInto('ingest_tokens').values(row).execute();
}

/** Marks a live token revoked; answers whether one was. */
export async function revokeTokenRow(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('ingest_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchTokenRow(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('ingest_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}
