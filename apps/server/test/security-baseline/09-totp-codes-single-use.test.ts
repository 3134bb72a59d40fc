import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, enableTwoFactor, nextCode, signUpConfirmed } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('TOTP codes single-use (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('a code that signed in once is refused the second time, at sign-in and for turning two-factor off', async () => {
    t = await buildTestApp(kind);
    const uma = await signUpConfirmed(t, 'uma');
    const secret = await enableTwoFactor(uma);
    const code = await nextCode(secret);

    const first = new ApiClient(t.app);
    const ok = await first.post(USER_API.login, { username: 'uma', password: PASSWORD, token: code });
    expect(ok.statusCode).toBe(200);
    // The step of the accepted code is kept, so the same code (still valid by the clock) is spent.
    const row = await t.store.db
      .selectFrom('users')
      .select('otp_last_step')
      .where('username', '=', 'uma')
      .executeTakeFirstOrThrow();
    expect(row.otp_last_step).not.toBeNull();

    const replay = await new ApiClient(t.app).post(USER_API.login, {
      username: 'uma',
      password: PASSWORD,
      token: code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OTP_INVALID');

    const off = await first.post(USER_API.otpDisable, { password: PASSWORD, token: code });
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('OTP_INVALID');
    expect((await first.get(USER_API.me)).json().otpEnabled).toBe(true);
  });

  it('the code that confirmed the setup cannot then be used to sign in', async () => {
    t = await buildTestApp(kind);
    const vic = await signUpConfirmed(t, 'vic');
    const { secret } = (await vic.client.post(USER_API.otpSetup)).json() as { secret: string };
    const code = await generate({ secret });
    expect((await vic.client.post(USER_API.otpEnable, { token: code })).statusCode).toBe(200);
    const res = await new ApiClient(t.app).post(USER_API.login, { username: 'vic', password: PASSWORD, token: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_INVALID');
  });
});
