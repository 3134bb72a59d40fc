import { afterEach, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { tokenFrom, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

const NEW_PASSWORD = 'Quiet-Meadow-77-Compass';

describe.each(storeKinds)('sessions revoked at password change (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const sessionsOf = async (username: string) =>
    t.store.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.username', '=', username)
      .execute();

  it('changing the password ends every other session of the account', async () => {
    t = await buildTestApp(kind);
    const ivy = await signUpConfirmed(t, 'ivy');
    const laptop = new ApiClient(t.app);
    await laptop.post(USER_API.login, { username: 'ivy', password: PASSWORD });
    const bystander = await signUpConfirmed(t, 'joe');
    expect(await sessionsOf('ivy')).toHaveLength(2);

    const res = await ivy.client.post(USER_API.changePassword, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await laptop.get(USER_API.me)).statusCode).toBe(401);
    expect(await sessionsOf('ivy')).toHaveLength(1);
    // The session that made the change stays; someone else's account is not touched.
    expect((await ivy.client.get(USER_API.me)).statusCode).toBe(200);
    expect((await bystander.client.get(USER_API.me)).statusCode).toBe(200);
  });

  it('resetting a forgotten password with a mailed link ends every session of the account', async () => {
    t = await buildTestApp(kind);
    const kim = await signUpConfirmed(t, 'kim');
    await kim.client.post(USER_API.forgotPassword, { email: kim.email });
    const token = tokenFrom(await waitForMail(t.dataDir, kim.email, 2), '/reset-password/');
    const reset = await new ApiClient(t.app).post(
      `${USER_API.validateResetPasswordToken}?token=${encodeURIComponent(token)}`,
      { username: 'kim', password: NEW_PASSWORD },
    );
    expect(reset.statusCode).toBe(200);
    expect((await kim.client.get(USER_API.me)).statusCode).toBe(401);
    expect(await sessionsOf('kim')).toHaveLength(0);
  });
});
