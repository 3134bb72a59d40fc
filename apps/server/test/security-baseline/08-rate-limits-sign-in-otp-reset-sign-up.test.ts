import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, AUTH_RATE_LIMITS, CSRF_HEADER, CSRF_HEADER_VALUE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

/** Documentation addresses (RFC 5737): one caller, and another elsewhere. */
const HERE = '203.0.113.7';
const ELSEWHERE = '198.51.100.9';
const THIRD = '198.51.100.10';
const WRONG_CODE = '000000';
/** Allowances are counted in fixed windows; every attempt of a test falls in one window of each limit. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(AUTH_RATE_LIMITS).map((limit) => limit.windowMs));

describe.each(storeKinds)('rate limits on sign-in, OTP, reset and sign-up (on %s)', (kind) => {
  let t: TestApp;
  beforeEach(() => {
    // The clock stands still a second into a window, so no count starts over halfway through a test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / LONGEST_WINDOW_MS) * LONGEST_WINDOW_MS + 1_000);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  /** A console call from a given address, with the session cookie when one is given. */
  const send = (path: string, body: unknown, from = HERE, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      remoteAddress: from,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(cookie ? { cookie } : {}) },
      payload: body as Record<string, unknown>,
    });
  /** Spends `max` attempts (each answered `status`), then shows the next is refused with 429. */
  const spend = async (max: number, status: number, attempt: (i: number) => ReturnType<typeof send>) => {
    for (let i = 0; i < max; i++) expect((await attempt(i)).statusCode, `attempt ${i + 1}`).toBe(status);
  };
  const limited = async (res: ReturnType<typeof send>) => {
    const answer = await res;
    expect(answer.statusCode).toBe(429);
    expect(answer.json().code).toBe('RATE_LIMITED');
  };

  it('sign-in: per account, then even the right password waits; per address, whatever the account', async () => {
    t = await buildTestApp(kind);
    await signUpConfirmed(t, 'ola');
    const account = AUTH_RATE_LIMITS.loginPerAccount.max;
    await spend(account, 401, () => send(USER_API.login, { username: 'ola', password: 'wrong-password' }));
    await limited(send(USER_API.login, { username: 'ola', password: PASSWORD }));
    // From another address too: the allowance belongs to the account.
    await limited(send(USER_API.login, { username: 'ola', password: PASSWORD }, ELSEWHERE));

    await signUpConfirmed(t, 'pam');
    const perIp = AUTH_RATE_LIMITS.loginPerIp.max;
    // Different made-up names, so no account's own allowance runs out first.
    await spend(perIp, 401, (i) => send(USER_API.login, { username: `nobody${i}`, password: 'wrong-password' }, THIRD));
    await limited(send(USER_API.login, { username: 'pam', password: PASSWORD }, THIRD));
    expect((await send(USER_API.login, { username: 'pam', password: PASSWORD }, HERE)).statusCode).toBe(200);
  });

  it('OTP: wrong codes run out the account allowance, then even a right code waits', async () => {
    t = await buildTestApp(kind);
    const quinn = await signUpConfirmed(t, 'quinn');
    const cookie = quinn.client.cookie;
    const setup = await send(USER_API.otpSetup, {}, HERE, cookie);
    const { secret } = setup.json() as { secret: string };
    const max = AUTH_RATE_LIMITS.otpPerAccount.max;
    await spend(max, 400, () => send(USER_API.otpEnable, { token: WRONG_CODE }, HERE, cookie));
    await limited(send(USER_API.otpEnable, { token: await generate({ secret }) }, ELSEWHERE, cookie));
    const row = await t.store.db
      .selectFrom('users')
      .select('otp_enabled')
      .where('username', '=', 'quinn')
      .executeTakeFirstOrThrow();
    expect(row.otp_enabled).toBe(0);
  });

  it('reset: forgot-password per address and per email, and reset attempts per address', async () => {
    t = await buildTestApp(kind);
    const rex = await signUpConfirmed(t, 'rex');
    const perEmail = AUTH_RATE_LIMITS.forgotPerAccount.max;
    await spend(perEmail, 200, (i) => send(USER_API.forgotPassword, { email: rex.email }, `192.0.2.${i + 1}`));
    await limited(send(USER_API.forgotPassword, { email: rex.email }, ELSEWHERE));

    const perIp = AUTH_RATE_LIMITS.forgotPerIp.max;
    await spend(perIp, 200, (i) => send(USER_API.forgotPassword, { email: `someone${i}@example.test` }));
    await limited(send(USER_API.forgotPassword, { email: 'someone-else@example.test' }));
    await limited(send(USER_API.forgotOtp, { email: 'someone-else@example.test' }));

    const resets = AUTH_RATE_LIMITS.resetPerIp.max;
    const guess = (i: number) =>
      send(`${USER_API.validateResetPasswordToken}?token=guess${i}`, { username: 'rex', password: 'New-Password-99' });
    await spend(resets, 400, guess);
    await limited(guess(resets));
  });

  it('sign-up: per email, and per address', async () => {
    t = await buildTestApp(kind);
    const perEmail = AUTH_RATE_LIMITS.signupPerEmail.max;
    const body = (name: string, email = 'sam@example.test') => ({ email, username: name, password: PASSWORD });
    // The first creates the account, the others hear that the address is taken.
    expect((await send(USER_API.signup, body('sam'), '192.0.2.1')).statusCode).toBe(201);
    await spend(perEmail - 1, 409, (i) => send(USER_API.signup, body(`sam${i}`), `192.0.2.${i + 2}`));
    await limited(send(USER_API.signup, body('samx'), ELSEWHERE));

    const perIp = AUTH_RATE_LIMITS.signupPerIp.max;
    await spend(perIp, 201, (i) => send(USER_API.signup, body(`tom${i}`, `tom${i}@example.test`), HERE));
    await limited(send(USER_API.signup, body('tomx', 'tomx@example.test'), HERE));
    expect(
      await t.store.db.selectFrom('users').select('id').where('email', '=', 'tomx@example.test').execute(),
    ).toHaveLength(0);
  });
});
