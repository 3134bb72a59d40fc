import type { OtpSetup } from '@parapet/shared';
import { AUTH_RATE_LIMITS } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { spendAttempt } from '../../lib/rate-limit.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { endSessions, type AccountContext } from './context.js';
import { acceptOtp, newOtpSetup } from './otp.js';
import { checkOtp, clearPasswordAttempts, spendPasswordAttempt } from './sign-in.js';
import { verifyPassword } from './passwords.js';

async function mustFindUser(ctx: AccountContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** Starts turning two-factor on: a secret kept aside until a code from it confirms the setup. */
export async function setupOtp(ctx: AccountContext, userId: string): Promise<OtpSetup> {
  const user = await mustFindUser(ctx, userId);
  if (user.otp_enabled === 1) throw new AppError('OTP_STATE_CONFLICT');
  const setup = await newOtpSetup(user.username);
  await updateUser(ctx.db, userId, { otp_pending_secret: sealSecret(ctx.config.secretKey, setup.secret) });
  return setup;
}

/** Turns two-factor on with a code from the pending secret; the account's other sessions end. */
export async function enableOtp(ctx: AccountContext, userId: string, sessionId: string, token: string): Promise<void> {
  const user = await mustFindUser(ctx, userId);
  if (user.otp_enabled === 1 || !user.otp_pending_secret) throw new AppError('OTP_STATE_CONFLICT');
  await spendAttempt(ctx.db, `otp:acct:${userId}`, AUTH_RATE_LIMITS.otpPerAccount);
  const step = await acceptOtp(openSecret(ctx.config.secretKey, user.otp_pending_secret), token, null);
  if (step === undefined) throw new AppError('OTP_INVALID', { token: 'invalid' });
  await updateUser(ctx.db, userId, {
    otp_secret: user.otp_pending_secret,
    otp_pending_secret: null,
    otp_enabled: 1,
    otp_last_step: step,
  });
  await endSessions(ctx, userId, sessionId);
}

/** Turns two-factor off with the password and a current code; the account's other sessions end. */
export async function disableOtp(
  ctx: AccountContext,
  userId: string,
  sessionId: string,
  input: { password: string; token: string },
): Promise<void> {
  const user = await mustFindUser(ctx, userId);
  if (user.otp_enabled !== 1) throw new AppError('OTP_STATE_CONFLICT');
  await spendPasswordAttempt(ctx, user.username);
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw new AppError('PASSWORD_INCORRECT', { password: 'invalid' });
  await clearPasswordAttempts(ctx, user.username);
  if (!(await checkOtp(ctx, user, input.token))) throw new AppError('OTP_INVALID', { token: 'invalid' });
  await updateUser(ctx.db, userId, { otp_secret: null, otp_pending_secret: null, otp_enabled: 0, otp_last_step: null });
  await endSessions(ctx, userId, sessionId);
}
