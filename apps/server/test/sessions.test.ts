import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE, currentUserSchema } from '@parapet/shared';
import { resolveSession, startSession } from '../src/modules/sessions/sessions.service.js';
import { buildTestApp, seedUserSession, testConfig, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

describe.each(storeKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('GET /api/user answers 401 without a session and the user with one', async () => {
    t = await buildTestApp(kind);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.statusCode).toBe(401);

    const { cookie } = await seedUserSession(t, { username: 'alice', groups: ['g1', 'g2'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const user = currentUserSchema.parse(res.json());
    expect(user).toMatchObject({ username: 'alice', privilege: 'user' });
    expect(user.inGroupsRole.map((g) => g.groupName)).toEqual(['g1', 'g2']);
    expect(res.body).not.toContain('password');
  });

  it('stores only the hash of the token, and signing out ends the session', async () => {
    t = await buildTestApp(kind);
    const { cookie, sessionId } = await seedUserSession(t, { username: 'bob' });
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.store.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual([sessionId]);
    expect(sessionId).not.toBe(token);

    const out = await t.app.inject({
      method: 'GET',
      url: '/api/user/logout',
      headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toContain(`${SESSION_COOKIE}=;`);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('expires a session after the idle limit and after the absolute limit', async () => {
    t = await buildTestApp(kind);
    const { userId } = await seedUserSession(t, { username: 'carol' });
    const limits = { idleMs: 1_000, absoluteMs: 5_000 };
    const t0 = 1_000_000;

    const idle = await startSession(t.store.db, limits, userId, {}, t0);
    expect(await resolveSession(t.store.db, limits, idle.token, t0 + 999)).toBeDefined();
    expect(await resolveSession(t.store.db, limits, idle.token, t0 + 999 + 1_000)).toBeUndefined();
    // An expired session is deleted, not merely refused.
    expect(await resolveSession(t.store.db, limits, idle.token, t0)).toBeUndefined();

    const busy = await startSession(t.store.db, { idleMs: 1_000_000, absoluteMs: 5_000 }, userId, {}, t0);
    expect(
      await resolveSession(t.store.db, { idleMs: 1_000_000, absoluteMs: 5_000 }, busy.token, t0 + 4_999),
    ).toBeDefined();
    expect(
      await resolveSession(t.store.db, { idleMs: 1_000_000, absoluteMs: 5_000 }, busy.token, t0 + 5_000),
    ).toBeUndefined();
  });

  it('decides CSRF on the routed path: a percent-encoded sign-out without the header is refused', async () => {
    t = await buildTestApp(kind);
    const { cookie } = await seedUserSession(t, { username: 'erin' });
    for (const url of ['/api/user/%6Cogout', '/api/user/logout', '/api/%75ser/logout?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('CSRF_REJECTED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/user/%6Cogout', headers: { cookie } });
    expect(head.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    // A state-changing call spelled with an encoded prefix needs the header too.
    const post = await t.app.inject({ method: 'POST', url: '/%61pi/user/otp/setup', headers: { cookie } });
    expect(post.statusCode).toBe(403);
  });

  it('resolves the session on the routed path, however the URL spells it', async () => {
    t = await buildTestApp(kind);
    const { cookie } = await seedUserSession(t, { username: 'finn' });
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('finn');
  });

  it('holds the idle limit of SESSION_IDLE_MINUTES=1 for a user active every 10 s, and ends it after a minute idle', async () => {
    t = await buildTestApp(kind);
    const { userId } = await seedUserSession(t, { username: 'gwen' });
    const limits = testConfig(t.dataDir, { SESSION_IDLE_MINUTES: '1' }).session;
    expect(limits.idleMs).toBe(60_000);
    const s = await startSession(t.store.db, limits, userId, {}, 0);
    const last = 300_000;
    for (let at = 10_000; at <= last; at += 10_000) {
      expect(await resolveSession(t.store.db, limits, s.token, at), `at ${at / 1000} s`).toBeDefined();
    }
    // Idle for just under the limit: still there; a minute after the last request: gone.
    expect(await resolveSession(t.store.db, limits, s.token, last + 58_000)).toBeDefined();
    expect(await resolveSession(t.store.db, limits, s.token, last + 58_000 + 60_000)).toBeUndefined();
  });

  it('keeps a session alive while it is used', async () => {
    t = await buildTestApp(kind);
    const { userId } = await seedUserSession(t, { username: 'dave' });
    const limits = { idleMs: 120_000, absoluteMs: 3_600_000 };
    const s = await startSession(t.store.db, limits, userId, {}, 0);
    for (let at = 100_000; at < 1_000_000; at += 100_000) {
      expect(await resolveSession(t.store.db, limits, s.token, at), `at ${at}`).toBeDefined();
    }
  });
});
