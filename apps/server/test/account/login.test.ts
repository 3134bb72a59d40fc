import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, SESSION_COOKIE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    await signUpConfirmed(t, 'gail');
    const api = new ApiClient(t.app);
    const unknown = await api.post(USER_API.login, { username: 'nobody', password: PASSWORD });
    const wrong = await api.post(USER_API.login, { username: 'gail', password: 'Wrong-Password-1' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'LOGIN_FAILED',
        message: 'Incorrect username or password, please try again later',
      });
    }
    expect(api.cookie).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, with a new id at every sign-in', async () => {
    const account = await signUpConfirmed(t, 'hank');
    const first = account.client.cookie;
    const again = await account.client.post(USER_API.login, { username: 'HANK', password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const cookie = again.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(account.client.cookie).not.toBe(first);
    // The session the browser had before signing in again is over.
    const old = new ApiClient(t.app);
    old.cookie = first;
    expect((await old.get(USER_API.me)).statusCode).toBe(401);
    expect((await account.client.get(USER_API.me)).json().username).toBe('hank');
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    await t.close();
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'https://console.example.test' } });
    const account = await signUpConfirmed(t, 'ivy');
    const res = await account.client.post(USER_API.login, { username: 'ivy', password: PASSWORD });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it('signing out ends the session', async () => {
    const account = await signUpConfirmed(t, 'jon');
    const cookie = account.client.cookie;
    expect((await account.client.get(USER_API.logout)).statusCode).toBe(200);
    const stale = new ApiClient(t.app);
    stale.cookie = cookie;
    expect((await stale.get(USER_API.me)).statusCode).toBe(401);
  });

  it(`limits sign-in attempts per account to ${AUTH_RATE_LIMITS.loginPerAccount.max} a window (429)`, async () => {
    await signUpConfirmed(t, 'kim');
    const api = new ApiClient(t.app);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccount.max; i++) {
      expect((await api.post(USER_API.login, { username: 'kim', password: 'Wrong-Password-1' })).statusCode).toBe(401);
    }
    const limited = await api.post(USER_API.login, { username: 'kim', password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another account from the same address is not affected yet.
    await signUpConfirmed(t, 'lee');
  });

  it(`limits sign-in attempts per address to ${AUTH_RATE_LIMITS.loginPerIp.max} a window`, async () => {
    const api = new ApiClient(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.loginPerIp.max; i++) {
      codes.push((await api.post(USER_API.login, { username: `nobody${i}`, password: PASSWORD })).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
