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
 * Username and password, rate-limited per address and per account. Every failure is the same
 * LOGIN_FAILED, whether the user is unknown or the password wrong, and takes the same time.
 */
export async function checkCredentials(ctx: AccountContext, input: { username: string; password: string }, ip: string): Promise<UserRow> {
  await spendAttempt(ctx.db, `login:ip:${ip}`, AUTH_RATE_LIMITS.loginPerIp);
  await spendAttempt(ctx.db, accountKey(input.username), AUTH_RATE_LIMITS.loginPerAccount);
  const user = await findUserByUsernameInsensitive(ctx.db, input.username);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyNothing(input.password);
  if (!user || !ok) throw new AppError('LOGIN_FAILED');
  return user;
}

/** A one-time password of the user's current setup, accepted once per time step. */
export async function checkOtp(ctx: AccountContext, user: UserRow, token: string | undefined): Promise<boolean> {
  if (!token || !user.otp_secret) return false;
  await spendAttempt(ctx.db, `otp:acct:${user.id}`, AUTH_RATE_LIMITS.otpPerAccount);
  const step = await acceptOtp(openSecret(ctx.config.secretKey, user.otp_secret), token, user.otp_last_step);
  return step !== undefined && (await claimOtpStep(ctx.db, user.id, step));
}

/** Signs in: a new session (never a reused id) for a confirmed account with every factor right. */
export async function signIn(ctx: AccountContext, input: LoginRequest, client: { ip: string; userAgent: string | undefined }) {
  const user = await checkCredentials(ctx, input, client.ip);
  if (user.otp_enabled === 1 && !(await checkOtp(ctx, user, input.token || undefined))) throw new AppError('LOGIN_FAILED');
  if (user.email_confirmed !== 1) throw new AppError('EMAIL_UNCONFIRMED');
  if (user.disabled === 1) throw new AppError('ACCOUNT_DISABLED');
  await clearAttempts(ctx.db, accountKey(input.username));
  const session = await startSession(ctx.db, ctx.config.session, user.id, { ip: client.ip, userAgent: client.userAgent });
  return { userId: user.id, ...session };
}
