import { afterEach, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

const NEW_PASSWORD = 'Quiet-Meadow-77-Compass';

describe.each(storeKinds)('argon2id password hashing (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const storedHash = async (username: string) =>
    (
      await t.store.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('stores an argon2id hash of the password given at sign-up, and again after a change', async () => {
    t = await buildTestApp(kind);
    const ann = await signUpConfirmed(t, 'ann');
    const first = await storedHash('ann');
    // The PHC string of argon2id, with its own salt: never the password, never another algorithm.
    expect(first).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(first).not.toContain(PASSWORD);

    const changed = await ann.client.post(USER_API.changePassword, {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const second = await storedHash('ann');
    expect(second).toMatch(/^\$argon2id\$/);
    expect(second).not.toBe(first);
    expect(second).not.toContain(NEW_PASSWORD);
  });

  it('salts each hash: two accounts with the same password store different hashes', async () => {
    t = await buildTestApp(kind);
    await signUpConfirmed(t, 'ben');
    await signUpConfirmed(t, 'cat');
    const [ben, cat] = [await storedHash('ben'), await storedHash('cat')];
    expect(ben).toMatch(/^\$argon2id\$/);
    expect(cat).toMatch(/^\$argon2id\$/);
    expect(ben).not.toBe(cat);
  });
});
