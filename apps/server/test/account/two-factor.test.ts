import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, USER_API } from '@parapet/shared';
import { startSession } from '../../src/modules/sessions/sessions.service.js';
import { findUserByUsername } from '../../src/modules/users/users.repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, enableTwoFactor, nextCode, signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('two-factor sign-in on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  it('is turned on with a QR code and a confirming code, and its secret is stored encrypted', async () => {
    const account = await signUpConfirmed(t, 'otto');
    const setup = await account.client.post(USER_API.otpSetup);
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Parapet:otto\?/);
    const bad = await account.client.post(USER_API.otpEnable, {
      token: '000000' === (await generate({ secret: body.secret })) ? '111111' : '000000',
    });
    expect(bad.json().code).toBe('OTP_INVALID');
    const on = await account.client.post(USER_API.otpEnable, { token: await generate({ secret: body.secret }) });
    expect(on.json().otpEnabled).toBe(true);
    const row = await findUserByUsername(t.store.db, 'otto');
    expect(row?.otp_secret).toMatch(/^v1\./);
    expect(row?.otp_secret).not.toContain(body.secret);
  });

  it('then asks for the code after the right password, says when it is wrong, and accepts each code once', async () => {
    const account = await signUpConfirmed(t, 'pia');
    const secret = await enableTwoFactor(account);
    const api = new ApiClient(t.app);
    const none = await api.post(USER_API.login, { username: 'pia', password: PASSWORD });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'OTP_REQUIRED', fields: { token: 'required' } });
    const empty = await api.post(USER_API.login, { username: 'pia', password: PASSWORD, token: '' });
    expect(empty.json().code).toBe('OTP_REQUIRED');
    const wrongCode = '123456' === (await nextCode(secret)) ? '654321' : '123456';
    const wrong = await api.post(USER_API.login, { username: 'pia', password: PASSWORD, token: wrongCode });
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID', fields: { token: 'invalid' } });
    expect(api.cookie).toBeUndefined();

    const code = await nextCode(secret);
    expect((await api.post(USER_API.login, { username: 'pia', password: PASSWORD, token: code })).statusCode).toBe(200);
    const replay = await new ApiClient(t.app).post(USER_API.login, {
      username: 'pia',
      password: PASSWORD,
      token: code,
    });
    expect(replay.json().code).toBe('OTP_INVALID');
  });

  it('says only "Incorrect username or password" to a wrong password, with or without a code', async () => {
    const account = await signUpConfirmed(t, 'pim');
    const secret = await enableTwoFactor(account);
    const plain = await signUpConfirmed(t, 'pam');
    const failed = { code: 'LOGIN_FAILED', message: 'Incorrect username or password, please try again later' };
    for (const body of [
      { username: 'pim', password: 'Wrong-Password-1' },
      { username: 'pim', password: 'Wrong-Password-1', token: await nextCode(secret) },
      { username: 'pim', password: 'Wrong-Password-1', token: '000000' },
      { username: plain.username, password: 'Wrong-Password-1', token: '000000' },
      { username: 'nobody', password: 'Wrong-Password-1', token: '000000' },
    ]) {
      const res = await new ApiClient(t.app).post(USER_API.login, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json(), JSON.stringify(body)).toEqual(failed);
    }
  });

  it("turning it on or off ends the account's other sessions", async () => {
    const account = await signUpConfirmed(t, 'quin');
    const other = new ApiClient(t.app);
    await other.post(USER_API.login, { username: 'quin', password: PASSWORD });
    const secret = await enableTwoFactor(account);
    expect((await other.get(USER_API.me)).statusCode).toBe(401);
    expect((await account.client.get(USER_API.me)).json().otpEnabled).toBe(true);

    // A second device signed in meanwhile (its code would use up the next step, so it gets its session directly).
    const row = await findUserByUsername(t.store.db, 'quin');
    const third = new ApiClient(t.app);
    third.cookie = `parapet_sid=${(await startSession(t.store.db, t.config.session, row?.id ?? '', {})).token}`;
    expect((await third.get(USER_API.me)).statusCode).toBe(200);
    const wrongPassword = await account.client.post(USER_API.otpDisable, {
      password: 'Wrong-Password-1',
      token: await nextCode(secret),
    });
    expect(wrongPassword.json().code).toBe('PASSWORD_INCORRECT');
    const off = await account.client.post(USER_API.otpDisable, { password: PASSWORD, token: await nextCode(secret) });
    expect(off.json().otpEnabled).toBe(false);
    expect((await third.get(USER_API.me)).statusCode).toBe(401);
    expect((await new ApiClient(t.app).post(USER_API.login, { username: 'quin', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it(`limits one-time-password attempts per account to ${AUTH_RATE_LIMITS.otpPerAccount.max} a window`, async () => {
    const account = await signUpConfirmed(t, 'sly');
    const secret = await enableTwoFactor(account);
    const right = await nextCode(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    // Enabling spent one attempt; the wrong codes spend the rest.
    const codes: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.otpPerAccount.max; i++) {
      codes.push(
        (await new ApiClient(t.app).post(USER_API.login, { username: 'sly', password: PASSWORD, token: wrongCode }))
          .statusCode,
      );
    }
    expect(codes).toEqual([...Array(AUTH_RATE_LIMITS.otpPerAccount.max - 1).fill(400), 429]);
    const limited = await new ApiClient(t.app).post(USER_API.login, {
      username: 'sly',
      password: PASSWORD,
      token: right,
    });
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it(`spends the account's password attempts when turning it off: ${AUTH_RATE_LIMITS.loginPerAccount.max} wrong passwords, then 429`, async () => {
    const account = await signUpConfirmed(t, 'tod');
    const secret = await enableTwoFactor(account);
    const codes: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccount.max + 1; i++) {
      codes.push(
        (
          await account.client.post(USER_API.otpDisable, {
            password: `Wrong-Password-${i}`,
            token: await nextCode(secret),
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([...Array(AUTH_RATE_LIMITS.loginPerAccount.max).fill(400), 429]);
    expect((await account.client.get(USER_API.me)).json().otpEnabled).toBe(true);
  });

  it('cannot be set up twice or turned off when off', async () => {
    const account = await signUpConfirmed(t, 'rae');
    expect((await account.client.post(USER_API.otpDisable, { password: PASSWORD, token: '123456' })).json().code).toBe(
      'OTP_STATE_CONFLICT',
    );
    await enableTwoFactor(account);
    expect((await account.client.post(USER_API.otpSetup)).json().code).toBe('OTP_STATE_CONFLICT');
  });

  it('needs a session for every call', async () => {
    const api = new ApiClient(t.app);
    for (const path of [
      USER_API.otpSetup,
      USER_API.otpEnable,
      USER_API.otpDisable,
      USER_API.otpResetRequest,
      USER_API.changePassword,
    ]) {
      expect(
        (await api.post(path, { token: '123456', password: 'x', oldPassword: 'x', newPassword: 'y' })).statusCode,
        path,
      ).toBe(401);
    }
  });
});
