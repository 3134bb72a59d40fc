import {
  AUTH_RATE_LIMITS,
  RESET_TOKEN_TTL_MS,
  type Locale,
  type OtpSetup,
  type ResetOtpRequest,
  type ResetPasswordRequest,
} from '@parapet/shared';
import type { TokenPurpose } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { spendAttempt } from '../../lib/rate-limit.js';
import { sealSecret } from '../../lib/secret-box.js';
import { claimOtpStep, findUserByEmail, findUserById, updateUser } from '../users/users.repository.js';
import { appendAudit } from '../audit/audit.repository.js';
import { endSessions, sendAccountMailLater, type AccountContext } from './context.js';
import { newOtpSetup } from './otp.js';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import { verifyOtp } from './sign-in.js';
import { consumeToken, issueToken, peekToken } from './tokens.repository.js';

/**
 * Mails a reset link when the address belongs to an account (for an OTP reset: one with
 * two-factor on). The answer is the same either way, so it reveals nothing.
 */
export async function requestReset(
  ctx: AccountContext,
  purpose: 'reset_password' | 'reset_otp',
  email: string,
  locale: Locale,
  ip: string,
): Promise<void> {
  await spendAttempt(ctx.db, `forgot:ip:${ip}`, AUTH_RATE_LIMITS.forgotPerIp);
  await spendAttempt(ctx.db, `forgot:email:${email.toLowerCase()}`, AUTH_RATE_LIMITS.forgotPerAccount);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || (purpose === 'reset_otp' && user.otp_enabled !== 1)) return;
  const token = await issueToken(ctx.db, user.id, purpose, RESET_TOKEN_TTL_MS);
  sendAccountMailLater(ctx, purpose, locale, user, token);
}

/** Mails the signed-in user a link to reset their one-time-password setup. */
export async function requestOwnOtpReset(ctx: AccountContext, userId: string, locale: Locale): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.otp_enabled !== 1) throw new AppError('OTP_STATE_CONFLICT');
  await spendAttempt(ctx.db, `forgot:email:${user.email}`, AUTH_RATE_LIMITS.forgotPerAccount);
  const token = await issueToken(ctx.db, user.id, 'reset_otp', RESET_TOKEN_TTL_MS);
  sendAccountMailLater(ctx, 'reset_otp', locale, user, token);
}

async function userOfToken(ctx: AccountContext, token: string, purpose: TokenPurpose) {
  const userId = await peekToken(ctx.db, token, purpose);
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user) throw new AppError('TOKEN_INVALID', { token: 'invalid' });
  return user;
}

/** What the reset page shows before the user types: whose account, and whether a code is needed. */
export async function inspectResetToken(ctx: AccountContext, token: string, purpose: 'reset_password' | 'reset_otp') {
  const user = await userOfToken(ctx, token, purpose);
  return { username: user.username, otpRequired: purpose === 'reset_password' && user.otp_enabled === 1 };
}

async function checkNewPassword(user: { password_hash: string }, password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('VALIDATION_FAILED', { [field]: 'common_password' });
  if (await verifyPassword(user.password_hash, password))
    throw new AppError('VALIDATION_FAILED', { [field]: 'same_as_old' });
}

/**
 * Sets a new password with a mailed token (and the one-time password when two-factor is on).
 * The code is checked first, so nothing about the password is said to someone without it, but
 * used up only with the token, once every check passed: a new password refused (the old one, a
 * common one) leaves both the token and the code good for the next try.
 */
export async function resetPassword(
  ctx: AccountContext,
  token: string,
  input: ResetPasswordRequest,
  ip: string,
): Promise<void> {
  await spendAttempt(ctx.db, `reset:ip:${ip}`, AUTH_RATE_LIMITS.resetPerIp);
  const user = await userOfToken(ctx, token, 'reset_password');
  if (user.username.toLowerCase() !== input.username.toLowerCase())
    throw new AppError('TOKEN_INVALID', { token: 'invalid' });
  const step = user.otp_enabled === 1 ? await verifyOtp(ctx, user, input.otpToken || undefined) : null;
  if (step === undefined) throw new AppError('OTP_INVALID', { otpToken: 'invalid' });
  await checkNewPassword(user, input.password, 'password');
  if (step !== null && !(await claimOtpStep(ctx.db, user.id, step)))
    throw new AppError('OTP_INVALID', { otpToken: 'invalid' });
  if (!(await consumeToken(ctx.db, token, 'reset_password'))) throw new AppError('TOKEN_INVALID', { token: 'invalid' });
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.password) });
  await appendAudit(ctx.db, {
    actor: user.username,
    groupName: null,
    entity: 'user',
    entityId: user.username,
    action: 'update',
    before: null,
    after: { credentialsChangedAt: Date.now(), via: 'password reset' },
  });
  await endSessions(ctx, user.id);
}

/**
 * Resets a lost two-factor setup with a mailed token: a new password and a new secret, shown
 * once as a QR code. Every session of the account ends.
 */
export async function resetOtp(ctx: AccountContext, input: ResetOtpRequest, ip: string): Promise<OtpSetup> {
  await spendAttempt(ctx.db, `reset:ip:${ip}`, AUTH_RATE_LIMITS.resetPerIp);
  const user = await userOfToken(ctx, input.token, 'reset_otp');
  await checkNewPassword(user, input.password, 'password');
  if (!(await consumeToken(ctx.db, input.token, 'reset_otp')))
    throw new AppError('TOKEN_INVALID', { token: 'invalid' });
  const setup = await newOtpSetup(user.username);
  await updateUser(ctx.db, user.id, {
    password_hash: await hashPassword(input.password),
    otp_secret: sealSecret(ctx.config.secretKey, setup.secret),
    otp_enabled: 1,
    otp_pending_secret: null,
    otp_last_step: null,
  });
  await appendAudit(ctx.db, {
    actor: user.username,
    groupName: null,
    entity: 'user',
    entityId: user.username,
    action: 'update',
    before: null,
    after: { credentialsChangedAt: Date.now(), via: 'one-time password reset' },
  });
  await endSessions(ctx, user.id);
  return setup;
}
