import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, INGEST_API, SESSION_COOKIE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed, type Account } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/** Every state-changing call the OpenAPI document lists, with its path parameters filled in. */
async function mutatingCalls(t: TestApp): Promise<{ method: string; url: string; bearer: boolean }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => MUTATING.has(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, 'x'),
        bearer: (op.security ?? []).some((s) => !('session' in s)),
      })),
  );
}

describe.each(storeKinds)('CSRF defended: SameSite cookie plus a custom header on every mutation (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    t = await buildTestApp(kind);
    const lee = await signUpConfirmed(t, 'lee');
    const res = await lee.client.post(USER_API.login, { username: 'lee', password: PASSWORD });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('every mutation sent with a live session but without the header is refused before it runs', async () => {
    t = await buildTestApp(kind);
    const mia: Account = await signUpConfirmed(t, 'mia');
    const calls = await mutatingCalls(t);
    // The sweep covers the whole API, sign-in included, not a hand-kept list.
    expect(calls.length).toBeGreaterThan(40);
    expect(calls).toContainEqual({ method: 'POST', url: `/api${USER_API.login}`, bearer: false });
    const cookie = mia.client.cookie ?? '';
    const sessionCalls = [...calls.filter((c) => !c.bearer), { method: 'GET', url: `/api${USER_API.logout}` }];
    for (const call of sessionCalls) {
      for (const header of [{}, { [CSRF_HEADER]: 'other-site' }]) {
        const res = await t.app.inject({
          method: call.method as 'POST',
          url: call.url,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...header },
          payload: 'a=1',
        });
        expect([call.method, call.url, res.statusCode, res.json().code]).toEqual([
          call.method,
          call.url,
          403,
          'CSRF_REJECTED',
        ]);
      }
    }
    // Nothing ran: the session (which sign-out, password change and others would end) is alive.
    expect((await mia.client.get(USER_API.me)).statusCode).toBe(200);
    // With the header the same session works, so the refusals above were the header's doing.
    expect((await mia.client.put(USER_API.profile, { phoneNumber: '+1 555 0100' })).statusCode).toBe(200);
  });

  it('the one call that skips the header takes no cookie at all: ingest answers only to its bearer token', async () => {
    t = await buildTestApp(kind);
    const calls = await mutatingCalls(t);
    expect(calls.filter((c) => c.bearer).map((c) => c.url)).toEqual([`/api${INGEST_API.events}`]);
    const ned = await signUpConfirmed(t, 'ned');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${INGEST_API.events}`,
      headers: { cookie: ned.client.cookie ?? '', 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(res.statusCode).toBe(401);
  });
});
