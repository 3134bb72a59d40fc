import { AUTH_RATE_LIMITS, type LoginRequest } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { openSecret } from '../../lib/secret-box.js';
import { clearAttempts, spendAttempt } from '../../lib/rate-limit.js';
import { startSession } from '../sessions/sessions.service.js';
import { claimOtpStep, findUserByUsernameInsensitive } from '../users/users.repository.js';
import type { AccountContext } from './context.js';
import { acceptOtp } from './otp.js';
import { verifyNothing, verifyPassword } from './passwords.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByUsernameInsensitive>>>;

const accountKey = (username: string) => `login:acct:${username.toLowerCase()}`;

/**
 * Spends one of the account's password attempts. Sign-in and every signed-in call that checks
 * the password again (change-password, turning two-factor off) draw on this one allowance, so a
 * stolen session cannot guess the password faster than the sign-in page allows.
 */
export async function spendPasswordAttempt(ctx: AccountContext, username: string): Promise<void> {
  await spendAttempt(ctx.db, accountKey(username), AUTH_RATE_LIMITS.loginPerAccount);
}

/** A right password clears the account's failed attempts. */
export async function clearPasswordAttempts(ctx: AccountContext, username: string): Promise<void> {
  await clearAttempts(ctx.db, accountKey(username));
}

/**
 * Username and password, rate-limited per address and per account. Every failure is the same
 * LOGIN_FAILED, whether the user is unknown or the password wrong, and takes the same time.
 */
export async function checkCredentials(
  ctx: AccountContext,
  input: { username: string; password: string },
  ip: string,
): Promise<UserRow> {
  await spendAttempt(ctx.db, `login:ip:${ip}`, AUTH_RATE_LIMITS.loginPerIp);
  await spendPasswordAttempt(ctx, input.username);
  const user = await findUserByUsernameInsensitive(ctx.db, input.username);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyNothing(input.password);
  if (!user || !ok) throw new AppError('LOGIN_FAILED');
  return user;
}

/**
 * The time step of a right one-time password of the user's current setup, without using it
 * up; a caller with more checks to make claims it (claimOtpStep) only once they all pass, so a
 * request refused for another reason leaves the code usable.
 */
export async function verifyOtp(
  ctx: AccountContext,
  user: UserRow,
  token: string | undefined,
): Promise<number | undefined> {
  if (!token || !user.otp_secret) return undefined;
  await spendAttempt(ctx.db, `otp:acct:${user.id}`, AUTH_RATE_LIMITS.otpPerAccount);
  return acceptOtp(openSecret(ctx.config.secretKey, user.otp_secret), token, user.otp_last_step);
}

/** A one-time password of the user's current setup, accepted once per time step. */
export async function checkOtp(ctx: AccountContext, user: UserRow, token: string | undefined): Promise<boolean> {
  const step = await verifyOtp(ctx, user, token);
  return step !== undefined && (await claimOtpStep(ctx.db, user.id, step));
}

/**
 * Signs in: a new session (never a reused id) for a confirmed account with every factor right.
 * Past a right password, a missing one-time password asks for it (OTP_REQUIRED) and a wrong
 * one says so (OTP_INVALID); a wrong password says LOGIN_FAILED whatever else was sent, so only
 * someone who has the password learns that the account has two-factor on.
 */
export async function signIn(
  ctx: AccountContext,
  input: LoginRequest,
  client: { ip: string; userAgent: string | undefined },
) {
  const user = await checkCredentials(ctx, input, client.ip);
  if (user.otp_enabled === 1) {
    if (!input.token) throw new AppError('OTP_REQUIRED', { token: 'required' });
    if (!(await checkOtp(ctx, user, input.token))) throw new AppError('OTP_INVALID', { token: 'invalid' });
  }
  if (user.email_confirmed !== 1) throw new AppError('EMAIL_UNCONFIRMED');
  if (user.disabled === 1) throw new AppError('ACCOUNT_DISABLED');
  await clearAttempts(ctx.db, accountKey(input.username));
  const session = await startSession(ctx.db, ctx.config.session, user.id, {
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { userId: user.id, ...session };
}
