import type { Kysely } from 'kysely';
import type { Database, TokenPurpose } from '../../db/schema.js';
import { hashToken, newToken } from '../../lib/ids.js';

/**
 * Mailed tokens: 256 random bits, stored only as their SHA-256, single-use and expiring.
 * Issuing a new token of a purpose retires the user's earlier unused ones.
 */
export async function issueToken(
  db: Kysely<Database>,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('user_tokens')
      .values({
        id: hashToken(token),
        user_id: userId,
        purpose,
        created_at: now,
        expires_at: now + ttlMs,
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** The user a live token belongs to, without using it up. */
export async function peekToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .select('user_id')
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses a token up; true only for the one caller that did, so two racing requests cannot both pass. */
export async function consumeToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops tokens that expired before `before` (housekeeping). */
export async function deleteTokensExpiredBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('expires_at', '<', before).execute();
}
