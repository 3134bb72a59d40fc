import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('user management on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    admin = await signedInAdmin(t);
  });
  afterEach(() => t.close());

  it('lists and searches users a page at a time', async () => {
    for (const name of ['alice', 'albert', 'bob'])
      await admin.post(GROUP_API.users, { username: name, email: `${name}@example.test`, password: PASSWORD });
    const all = (await admin.get(`${GROUP_API.users}?pageSize=2`)).json();
    expect(all.total).toBe(4);
    expect(all.items.map((u: { username: string }) => u.username)).toEqual(['albert', 'alice']);
    const found = (await admin.get(`${GROUP_API.users}?search=AL`)).json();
    expect(found.items.map((u: { username: string }) => u.username)).toEqual(['albert', 'alice']);
    expect((await admin.get(`${GROUP_API.users}?search=%25`)).json().total).toBe(0);
    // The search's own _ and % are literal characters, not wildcards, on both engines.
    await admin.post(GROUP_API.users, { username: 'under_score', email: 'u@example.test', password: PASSWORD });
    expect(
      (await admin.get(`${GROUP_API.users}?search=_`)).json().items.map((u: { username: string }) => u.username),
    ).toEqual(['under_score']);
  });

  it('creates confirmed users who can sign in, refusing taken names', async () => {
    const made = await admin.post(GROUP_API.users, {
      username: 'dora',
      email: 'dora@example.test',
      password: PASSWORD,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ username: 'dora', emailConfirmed: true, disabled: false, groups: [] });
    expect(
      (await admin.post(GROUP_API.users, { username: 'DORA', email: 'x@example.test', password: PASSWORD })).json()
        .code,
    ).toBe('USERNAME_TAKEN');
    expect((await new ApiClient(t.app).post(USER_API.login, { username: 'dora', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('disabling a user ends their sessions and refuses their sign-in until enabled again', async () => {
    const eve = await signUpConfirmed(t, 'eve');
    const url = fill(GROUP_API.userDisabled, { username: 'eve' });
    expect((await admin.put(url, { disabled: true })).json().disabled).toBe(true);
    expect((await eve.client.get(USER_API.me)).statusCode).toBe(401);
    const refused = await new ApiClient(t.app).post(USER_API.login, { username: 'eve', password: PASSWORD });
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    await admin.put(url, { disabled: false });
    expect((await new ApiClient(t.app).post(USER_API.login, { username: 'eve', password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await admin.put(fill(GROUP_API.userDisabled, { username: 'root' }), { disabled: true })).statusCode).toBe(
      403,
    );
  });
});
