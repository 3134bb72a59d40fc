import type { Kysely } from 'kysely';
import type { CurrentUser } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { hashToken, newToken } from '../../lib/ids.js';
import { toCurrentUser } from '../users/current-user.js';
import { deleteSession, findSessionWithUser, insertSession, touchSession } from './sessions.repository.js';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/**
 * Writing last_seen_at on every request would make every read a write, so it is written at most
 * once a minute, and never less often than 1/60 of the idle limit: the stored time then lags the
 * last request by at most that much, and an idle limit of one minute still holds for a user
 * who is active (a fixed minute would sign them out at 60 s while they click every 10 s).
 */
export const touchIntervalOf = (idleMs: number): number => Math.min(60_000, Math.floor(idleMs / 60));

/** Starts a session and returns the cookie token; only its hash is stored. */
export async function startSession(
  db: Kysely<Database>,
  limits: SessionLimits,
  userId: string,
  client: { ip?: string | undefined; userAgent?: string | undefined },
  now = Date.now(),
): Promise<{ token: string; id: string; expiresAt: number }> {
  const token = newToken();
  const id = hashToken(token);
  const expiresAt = now + limits.absoluteMs;
  await insertSession(db, {
    id,
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    ip: client.ip ?? null,
    user_agent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, id, expiresAt };
}

/** A live session, with its user as they are in the store at this request. */
export interface LiveSession {
  sessionId: string;
  userId: string;
  user: CurrentUser;
}

/**
 * The live session behind a cookie token with its user and their groups, or undefined. One
 * query reads them all, on every request. On SQLite its answer is kept only while the file has
 * not changed at all since (db/kept-reads.ts; any commit, by this server or another, forgets it),
 * and on PostgreSQL nothing is kept: a revoked session, a changed password or a removed
 * membership counts from the very next request, on every server. The times are checked against
 * the clock at each request. An expired session (idle or absolute) is deleted on sight.
 */
export async function resolveSession(
  db: Kysely<Database>,
  limits: SessionLimits,
  token: string,
  now = Date.now(),
): Promise<LiveSession | undefined> {
  return resolveSessionNow(db, limits, token, now);
}

/**
 * `resolveSession`, answered at once when nothing has to wait: on SQLite with the connection
 * free and no write due (the stored time is touched at most once a minute), which is nearly
 * every request. Otherwise a promise. The auth hook runs it on every API request; a promise and
 * its turn cost more there than the session's whole query.
 */
export function resolveSessionNow(
  db: Kysely<Database>,
  limits: SessionLimits,
  token: string,
  now = Date.now(),
): LiveSession | undefined | Promise<LiveSession | undefined> {
  const id = hashToken(token);
  const rows = findSessionWithUser(db, id);
  return rows instanceof Promise
    ? rows.then((read) => liveSession(db, limits, id, read, now))
    : liveSession(db, limits, id, rows, now);
}

function liveSession(
  db: Kysely<Database>,
  limits: SessionLimits,
  id: string,
  rows: Awaited<ReturnType<typeof findSessionWithUser>>,
  now: number,
): LiveSession | undefined | Promise<LiveSession | undefined> {
  const [row] = rows;
  const user = toCurrentUser(rows);
  if (!row || !user) return undefined;
  if (row.expires_at <= now || row.last_seen_at + limits.idleMs <= now)
    return deleteSession(db, id).then(() => undefined);
  const live = { sessionId: id, userId: row.id, user };
  if (now - row.last_seen_at >= touchIntervalOf(limits.idleMs)) return touchSession(db, id, now).then(() => live);
  return live;
}
