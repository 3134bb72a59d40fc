import {
  CONFIRM_TOKEN_TTL_MS,
  AUTH_RATE_LIMITS,
  DEFAULT_PLAN,
  fullAccess,
  type Locale,
  type SignupRequest,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { spendAttempt } from '../../lib/rate-limit.js';
import {
  deleteUser,
  findUserByEmail,
  findUserByUsernameInsensitive,
  insertUser,
  updateUser,
} from '../users/users.repository.js';
import { sendAccountMail, sendAccountMailLater, type AccountContext } from './context.js';
import { hashPassword, isCommonPassword } from './passwords.js';
import { consumeToken, issueToken, peekToken } from './tokens.repository.js';
import { checkCredentials } from './sign-in.js';
import { freeGroupName } from '../groups/default-group.js';
import { deleteGroupsOfMember, insertGroup, upsertMember } from '../groups/groups.repository.js';
import { appendAudit } from '../audit/audit.repository.js';

/** Creates an unconfirmed account and mails its confirmation link. */
export async function signUp(ctx: AccountContext, input: SignupRequest, locale: Locale, ip: string): Promise<void> {
  await spendAttempt(ctx.db, `signup:ip:${ip}`, AUTH_RATE_LIMITS.signupPerIp);
  await spendAttempt(ctx.db, `signup:email:${input.email.toLowerCase()}`, AUTH_RATE_LIMITS.signupPerEmail);
  // Every problem at once, so the form can mark all of them.
  const fields: Record<string, string> = {};
  if (await isCommonPassword(input.password)) fields.password = 'common_password';
  if (await findUserByEmail(ctx.db, input.email)) fields.email = 'taken';
  if (await findUserByUsernameInsensitive(ctx.db, input.username)) fields.username = 'taken';
  if (fields.email) throw new AppError('EMAIL_TAKEN', fields);
  if (fields.username) throw new AppError('USERNAME_TAKEN', fields);
  if (fields.password) throw new AppError('VALIDATION_FAILED', fields);

  const id = newId();
  const now = Date.now();
  try {
    await insertUser(ctx.db, {
      id,
      username: input.username,
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      privilege: 'user',
      phone_number: null,
      email_confirmed: 0,
      otp_secret: null,
      otp_enabled: 0,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // A concurrent sign-up took the name or address between our check and the insert.
    if (await findUserByEmail(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN', { email: 'taken' });
    if (await findUserByUsernameInsensitive(ctx.db, input.username))
      throw new AppError('USERNAME_TAKEN', { username: 'taken' });
    throw error;
  }
  try {
    // A customer who signs up gets a group of their own, on the default plan, with every permission.
    const group = await freeGroupName(ctx.db, input.username);
    await ctx.db.transaction().execute(async (trx) => {
      await insertGroup(trx, group, DEFAULT_PLAN);
      await upsertMember(trx, group, id, fullAccess());
      await appendAudit(trx, {
        actor: input.username,
        groupName: null,
        entity: 'user',
        entityId: input.username,
        action: 'create',
        before: null,
        after: { username: input.username, email: input.email.toLowerCase() },
      });
      await appendAudit(trx, {
        actor: input.username,
        groupName: group,
        entity: 'group',
        entityId: group,
        action: 'create',
        before: null,
        after: { name: group, plan: DEFAULT_PLAN },
      });
    });
    const token = await issueToken(ctx.db, id, 'confirm_email', CONFIRM_TOKEN_TTL_MS);
    await sendAccountMail(
      ctx,
      'confirm_email',
      locale,
      { username: input.username, email: input.email.toLowerCase() },
      token,
    );
  } catch (error) {
    // Without its mail the account could never be confirmed: undo it and say so.
    ctx.log.error({ err: error }, 'sign-up mail failed');
    await deleteGroupsOfMember(ctx.db, id);
    await deleteUser(ctx.db, id);
    throw new AppError('REGISTRATION_FAILED');
  }
}

/** Follows a confirmation link; true when it confirmed an account. */
export async function confirmEmail(ctx: AccountContext, token: string): Promise<boolean> {
  const userId = await peekToken(ctx.db, token, 'confirm_email');
  if (!userId || !(await consumeToken(ctx.db, token, 'confirm_email'))) return false;
  await updateUser(ctx.db, userId, { email_confirmed: 1 });
  return true;
}

/** Mails the confirmation link again to an account that proves it is theirs. */
export async function resendConfirmation(
  ctx: AccountContext,
  credentials: { username: string; password: string },
  locale: Locale,
  ip: string,
): Promise<void> {
  const user = await checkCredentials(ctx, credentials, ip);
  if (user.email_confirmed === 1) return;
  const token = await issueToken(ctx.db, user.id, 'confirm_email', CONFIRM_TOKEN_TTL_MS);
  sendAccountMailLater(ctx, 'confirm_email', locale, user, token);
}
