import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Locale } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../env.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderMail, type MailKind } from '../../mail/templates.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';

/** What the account services need from the app, passed in so they stay free of Fastify. */
export interface AccountContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Drops the live sockets of ended sessions. */
  disconnectSession: (sessionId: string) => void;
}

/** Links in mail are built from PUBLIC_URL, never from the request's Host header. */
export function mailLink(ctx: AccountContext, kind: MailKind, token: string): string {
  const base = ctx.config.publicUrl;
  const encoded = encodeURIComponent(token);
  if (kind === 'confirm_email') return `${base}/api/user/confirm?token=${encoded}`;
  return kind === 'reset_password' ? `${base}/reset-password/${encoded}` : `${base}/reset-OTP/${encoded}`;
}

export async function sendAccountMail(
  ctx: AccountContext,
  kind: MailKind,
  locale: Locale,
  user: { username: string; email: string },
  token: string,
): Promise<void> {
  const mail = renderMail(kind, locale, { username: user.username, link: mailLink(ctx, kind, token) });
  await ctx.mailer.send({ to: user.email, ...mail });
}

/**
 * For requests whose answer must not reveal whether an account exists: the mail goes out
 * after the answer, so an existing address does not answer measurably slower.
 */
export function sendAccountMailLater(
  ctx: AccountContext,
  kind: MailKind,
  locale: Locale,
  user: { username: string; email: string },
  token: string,
): void {
  sendAccountMail(ctx, kind, locale, user, token).catch((error: unknown) =>
    ctx.log.error({ err: error, kind }, 'account mail failed'),
  );
}

/** Ends a user's sessions (all, or all but one) and drops their sockets. */
export async function endSessions(ctx: AccountContext, userId: string, keepSessionId?: string): Promise<void> {
  for (const id of await deleteUserSessions(ctx.db, userId, keepSessionId)) ctx.disconnectSession(id);
}
