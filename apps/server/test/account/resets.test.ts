import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, RESET_TOKEN_TTL_MS, USER_API } from '@parapet/shared';
import { issueToken, peekToken } from '../../src/modules/auth/tokens.repository.js';
import { findUserByUsername } from '../../src/modules/users/users.repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, enableTwoFactor, nextCode, signUpConfirmed } from '../helpers/accounts.js';
import { readOutbox, tokenFrom, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

const NEW_PASSWORD = 'Green-Meadow-77-Compass';

describe.each(storeKinds)('password and OTP resets on %s', (kind) => {
  let t: TestApp;
  let api: ApiClient;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    api = new ApiClient(t.app);
  });
  afterEach(() => t.close());

  it('answers forgot-password the same for an unknown email, and mails nothing then', async () => {
    const account = await signUpConfirmed(t, 'sam');
    const known = await api.post(USER_API.forgotPassword, { email: account.email });
    const unknown = await api.post(USER_API.forgotPassword, { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitForMail(t.dataDir, account.email, 2);
    expect(readOutbox(t.dataDir).filter((m) => m.to.includes('nobody'))).toHaveLength(0);
  });

  it('resets the password once with the mailed token, which is stored hashed, and ends every session', async () => {
    const account = await signUpConfirmed(t, 'tia');
    await api.post(USER_API.forgotPassword, { email: account.email });
    const token = tokenFrom(await waitForMail(t.dataDir, account.email, 2), '/reset-password/');
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const rows = await t.store.db.selectFrom('user_tokens').select('id').execute();
    expect(rows.some((r) => r.id === token)).toBe(false);

    expect((await api.get(`${USER_API.validateResetPasswordToken}?token=${token}`)).json()).toEqual({
      username: 'tia',
      otpRequired: false,
    });
    const url = `${USER_API.validateResetPasswordToken}?token=${token}`;
    expect((await api.post(url, { username: 'someone', password: NEW_PASSWORD })).json().code).toBe('TOKEN_INVALID');
    expect((await api.post(url, { username: 'tia', password: PASSWORD })).json().fields).toEqual({
      password: 'same_as_old',
    });
    expect((await api.post(url, { username: 'tia', password: 'password1' })).json().fields).toEqual({
      password: 'common_password',
    });
    expect((await api.post(url, { username: 'tia', password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await api.post(url, { username: 'tia', password: 'Other-Password-99' })).json().code).toBe('TOKEN_INVALID');
    expect((await api.get(`${USER_API.validateResetPasswordToken}?token=${token}`)).statusCode).toBe(400);

    expect((await account.client.get(USER_API.me)).statusCode).toBe(401);
    expect((await api.post(USER_API.login, { username: 'tia', password: PASSWORD })).statusCode).toBe(401);
    expect((await api.post(USER_API.login, { username: 'tia', password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('lets a reset token expire after 30 minutes', async () => {
    const account = await signUpConfirmed(t, 'uma');
    const user = await findUserByUsername(t.store.db, account.username);
    const token = await issueToken(
      t.store.db,
      user?.id ?? '',
      'reset_password',
      RESET_TOKEN_TTL_MS,
      Date.now() - RESET_TOKEN_TTL_MS - 1,
    );
    expect(await peekToken(t.store.db, token, 'reset_password')).toBeUndefined();
    expect((await api.get(`${USER_API.validateResetPasswordToken}?token=${token}`)).json().code).toBe('TOKEN_INVALID');
  });

  it('needs the one-time password too when two-factor is on', async () => {
    const account = await signUpConfirmed(t, 'vic');
    const secret = await enableTwoFactor(account);
    await api.post(USER_API.forgotPassword, { email: account.email });
    const token = tokenFrom(await waitForMail(t.dataDir, account.email, 2), '/reset-password/');
    expect((await api.get(`${USER_API.validateResetPasswordToken}?token=${token}`)).json().otpRequired).toBe(true);
    const url = `${USER_API.validateResetPasswordToken}?token=${token}`;
    expect((await api.post(url, { username: 'vic', password: NEW_PASSWORD })).json().code).toBe('OTP_INVALID');
    expect(
      (await api.post(url, { username: 'vic', password: NEW_PASSWORD, otpToken: await nextCode(secret) })).statusCode,
    ).toBe(200);
  });

  it('keeps the one-time code and the token usable when the new password is refused for another reason', async () => {
    const account = await signUpConfirmed(t, 'val');
    const secret = await enableTwoFactor(account);
    await api.post(USER_API.forgotPassword, { email: account.email });
    const token = tokenFrom(await waitForMail(t.dataDir, account.email, 2), '/reset-password/');
    const url = `${USER_API.validateResetPasswordToken}?token=${token}`;
    const code = await nextCode(secret);
    // The same code, first with the old password (refused), then with a new one.
    const same = await api.post(url, { username: 'val', password: PASSWORD, otpToken: code });
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'same_as_old' } });
    const common = await api.post(url, { username: 'val', password: 'password1', otpToken: code });
    expect(common.json().fields).toEqual({ password: 'common_password' });
    const done = await api.post(url, { username: 'val', password: NEW_PASSWORD, otpToken: code });
    expect(done.statusCode, done.body).toBe(200);
    // Used once it worked: neither replays.
    expect((await api.post(url, { username: 'val', password: 'Other-Password-99', otpToken: code })).json().code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('says nothing about the new password to a caller without the right one-time code', async () => {
    const account = await signUpConfirmed(t, 'wil');
    await enableTwoFactor(account);
    await api.post(USER_API.forgotPassword, { email: account.email });
    const token = tokenFrom(await waitForMail(t.dataDir, account.email, 2), '/reset-password/');
    const res = await api.post(`${USER_API.validateResetPasswordToken}?token=${token}`, {
      username: 'wil',
      password: PASSWORD,
      otpToken: '000000',
    });
    expect(res.json()).toMatchObject({ code: 'OTP_INVALID', fields: { otpToken: 'invalid' } });
  });

  it('resets a lost two-factor setup: new password, new secret shown as a QR code', async () => {
    const account = await signUpConfirmed(t, 'wes');
    const oldSecret = await enableTwoFactor(account);
    // Asked from the security tab (signed in), or from the sign-in page (by email).
    expect((await account.client.post(USER_API.otpResetRequest)).statusCode).toBe(200);
    await waitForMail(t.dataDir, account.email, 2);
    await api.post(USER_API.forgotOtp, { email: account.email });
    const token = tokenFrom(await waitForMail(t.dataDir, account.email, 3), '/reset-OTP/');
    expect((await api.get(`${USER_API.validateResetOtpToken}?token=${token}`)).json()).toEqual({
      username: 'wes',
      otpRequired: false,
    });

    const reset = await api.post(USER_API.resetUserData, { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    const setup = reset.json();
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.secret).not.toBe(oldSecret);
    expect((await api.post(USER_API.resetUserData, { token, password: NEW_PASSWORD })).json().code).toBe(
      'TOKEN_INVALID',
    );
    expect((await account.client.get(USER_API.me)).statusCode).toBe(401);

    const login = await api.post(USER_API.login, {
      username: 'wes',
      password: NEW_PASSWORD,
      token: await generate({ secret: setup.secret }),
    });
    expect(login.statusCode).toBe(200);
  });

  it('mails no OTP reset to an account without two-factor', async () => {
    const account = await signUpConfirmed(t, 'xia');
    expect((await api.post(USER_API.forgotOtp, { email: account.email })).statusCode).toBe(200);
    expect((await account.client.post(USER_API.otpResetRequest)).json().code).toBe('OTP_STATE_CONFLICT');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readOutbox(t.dataDir).filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it(`limits forgot-password mail per address to ${AUTH_RATE_LIMITS.forgotPerAccount.max} an hour`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.forgotPerAccount.max; i++)
      codes.push((await api.post(USER_API.forgotPassword, { email: 'yan@example.test' })).statusCode);
    expect(codes).toEqual([...Array(AUTH_RATE_LIMITS.forgotPerAccount.max).fill(200), 429]);
  });
});
