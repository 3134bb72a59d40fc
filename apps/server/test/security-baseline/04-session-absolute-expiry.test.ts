import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

/** Only the clock is faked: the store, argon2 and the mail outbox keep their real timers. */
describe.each(storeKinds)('session absolute expiry (on %s)', (kind) => {
  let t: TestApp;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('a session in constant use still ends at the configured absolute limit after sign-in', async () => {
    t = await buildTestApp(kind);
    const { idleMs, absoluteMs } = t.config.session;
    const gil = await signUpConfirmed(t, 'gil');
    // A whole second, as a cookie's Expires is written in seconds.
    const signedInAt = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.setSystemTime(signedInAt);
    const login = await gil.client.post(USER_API.login, { username: 'gil', password: PASSWORD });
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    // The browser drops the cookie at the same moment the server stops honouring it.
    expect(cookie?.expires?.getTime()).toBe(signedInAt + absoluteMs);

    // Active every half idle period, never idle long enough for the idle limit to end it.
    const step = Math.floor(idleMs / 2);
    let at = signedInAt;
    while (at + step < signedInAt + absoluteMs) {
      at += step;
      vi.setSystemTime(at);
      expect((await gil.client.get(USER_API.me)).statusCode, `at +${at - signedInAt} ms`).toBe(200);
    }
    vi.setSystemTime(signedInAt + absoluteMs - 1);
    expect((await gil.client.get(USER_API.me)).statusCode).toBe(200);
    vi.setSystemTime(signedInAt + absoluteMs);
    const res = await gil.client.get(USER_API.me);
    expect(res.statusCode).toBe(401);
    expect(await t.store.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });
});
