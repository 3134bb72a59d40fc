import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('sessions revoked at logout (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('signing out deletes the session in the store, so its token is refused even if replayed', async () => {
    t = await buildTestApp(kind);
    const hal = await signUpConfirmed(t, 'hal');
    const other = new ApiClient(t.app);
    await other.post(USER_API.login, { username: 'hal', password: PASSWORD });
    expect(await t.store.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    const token = hal.client.cookie;

    const out = await hal.client.get(USER_API.logout);
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(hal.client.cookie).toBeUndefined();

    // Replaying the old cookie (a copy kept by an attacker) does not bring the session back.
    const replay = new ApiClient(t.app);
    replay.cookie = token;
    expect((await replay.get(USER_API.me)).statusCode).toBe(401);
    // Only that session ended: the other device stays signed in.
    expect(await t.store.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect((await other.get(USER_API.me)).statusCode).toBe(200);
  });
});
