import type { Kysely } from 'kysely';
import {
  INGEST_TOKEN_PREFIX,
  INGEST_TOKEN_SHOWN_LENGTH,
  type CreatedIngestToken,
  type CreateIngestTokenInput,
  type IngestToken,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newId, newToken } from '../../lib/ids.js';
import { appendAudit } from '../audit/audit.repository.js';
import {
  findActiveTokenByHash,
  findActiveTokenById,
  findActiveTokenByName,
  insertTokenRow,
  listActiveTokenRows,
  revokeTokenRow,
  touchTokenRow,
  type IngestTokenRow,
} from './ingest-tokens.repository.js';

/** last_used_at is written at most this often per token: a busy shipper posts many batches a second. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
/** Longer than any token we make; a longer bearer is refused without hashing it. */
const BEARER_MAX_LENGTH = 128;
const AUDIT_ENTITY = 'ingest_token';

const toIngestToken = (row: IngestTokenRow): IngestToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdBy: row.created_by,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export async function listIngestTokens(db: Kysely<Database>): Promise<{ items: IngestToken[] }> {
  return { items: (await listActiveTokenRows(db)).map(toIngestToken) };
}

/** Makes a token and answers it this once; only its hash and first characters are kept. */
export async function createIngestToken(
  db: Kysely<Database>,
  actor: string,
  input: CreateIngestTokenInput,
  now = Date.now(),
): Promise<CreatedIngestToken> {
  // Two live tokens of one name could not be told apart in the list, nor revoked knowingly.
  if (await findActiveTokenByName(db, input.name)) throw new AppError('ALREADY_EXISTS', { name: 'taken' });
  const token = `${INGEST_TOKEN_PREFIX}${newToken()}`;
  const row: IngestTokenRow = {
    id: newId(),
    name: input.name,
    token_hash: hashToken(token),
    prefix: token.slice(0, INGEST_TOKEN_SHOWN_LENGTH),
    created_by: actor,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertTokenRow(trx, row);
    await appendAudit(trx, {
      actor,
      groupName: null,
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'create',
      before: null,
      after: { name: row.name, prefix: row.prefix },
    });
  });
  return { id: row.id, name: row.name, token, createdAt: row.created_at };
}

/** Revokes a live token at once: the next batch sent with it is refused. */
export async function revokeIngestToken(db: Kysely<Database>, actor: string, id: string, now = Date.now()) {
  await db.transaction().execute(async (trx) => {
    const row = await findActiveTokenById(trx, id);
    if (!row || !(await revokeTokenRow(trx, id, now))) throw new AppError('NOT_FOUND');
    await appendAudit(trx, {
      actor,
      groupName: null,
      entity: AUDIT_ENTITY,
      entityId: id,
      action: 'delete',
      before: { name: row.name, prefix: row.prefix },
      after: null,
    });
  });
}

/** The token of an `Authorization: Bearer …` header, or undefined when the header is not one. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const token = match?.[1];
  return token && token.length <= BEARER_MAX_LENGTH && token.startsWith(INGEST_TOKEN_PREFIX) ? token : undefined;
}

/**
 * The id of the live token behind an Authorization header; INGEST_TOKEN_INVALID when it is
 * missing, unknown or revoked. Records the use, at most once a TOKEN_TOUCH_INTERVAL_MS.
 */
export async function authenticateIngestToken(
  db: Kysely<Database>,
  header: string | undefined,
  now = Date.now(),
): Promise<string> {
  const token = bearerOf(header);
  const row = token ? await findActiveTokenByHash(db, hashToken(token)) : undefined;
  if (!row) throw new AppError('INGEST_TOKEN_INVALID');
  if (row.last_used_at === null || now - Number(row.last_used_at) >= TOKEN_TOUCH_INTERVAL_MS)
    await touchTokenRow(db, row.id, now);
  return row.id;
}
