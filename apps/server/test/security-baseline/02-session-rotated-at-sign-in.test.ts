import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('sessions rotated at sign-in (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const sessionIds = async () =>
    (await t.store.db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id);

  it('a sign-in over a live session issues a new token and ends the old session', async () => {
    t = await buildTestApp(kind);
    const dan = await signUpConfirmed(t, 'dan');
    const oldCookie = dan.client.cookie;
    expect(oldCookie).toBeDefined();
    const [oldId] = await sessionIds();

    const again = await dan.client.post(USER_API.login, { username: 'dan', password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(dan.client.cookie).toBeDefined();
    expect(dan.client.cookie).not.toBe(oldCookie);
    expect((await dan.client.get(USER_API.me)).statusCode).toBe(200);

    const stale = new ApiClient(t.app);
    stale.cookie = oldCookie;
    expect((await stale.get(USER_API.me)).statusCode).toBe(401);
    const ids = await sessionIds();
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(oldId);
  });

  it('never adopts a session token the browser brought: a planted cookie is replaced at sign-in', async () => {
    t = await buildTestApp(kind);
    await signUpConfirmed(t, 'eve');
    const planted = `${SESSION_COOKIE}=${'a'.repeat(43)}`;
    const victim = new ApiClient(t.app);
    victim.cookie = planted;
    const res = await victim.post(USER_API.login, { username: 'eve', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(victim.cookie).toBeDefined();
    expect(victim.cookie).not.toBe(planted);
    const attacker = new ApiClient(t.app);
    attacker.cookie = planted;
    expect((await attacker.get(USER_API.me)).statusCode).toBe(401);
  });
});
