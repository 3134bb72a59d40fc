import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, CSRF_HEADER, CSRF_HEADER_VALUE, USER_API, errorBodySchema } from '@parapet/shared';
import { findUserByUsername } from '../../src/modules/users/users.repository.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD } from '../helpers/accounts.js';
import { readOutbox, tokenFrom, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('sign-up on %s', (kind) => {
  let t: TestApp;
  let api: ApiClient;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'https://console.example.test' } });
    api = new ApiClient(t.app);
  });
  afterEach(() => t.close());

  it('creates an unconfirmed account and mails a link built from PUBLIC_URL, not the Host header', async () => {
    const res = await api.call(
      'POST',
      USER_API.signup,
      { email: 'Ann@Example.test', username: 'ann', password: PASSWORD },
      { host: 'evil.test', 'accept-language': 'zh-TW,zh;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(t.dataDir, 'ann@example.test');
    expect(mail.links[0]).toMatch(/^https:\/\/console\.example\.test\/api\/user\/confirm\?token=[\w-]{40,}$/);
    expect(mail.raw).not.toContain('evil.test');
    expect(mail.text).toContain('確認');
    const user = await findUserByUsername(t.store.db, 'ann');
    expect(user?.email_confirmed).toBe(0);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses sign-in until the email is confirmed, can mail the link again, and confirms once', async () => {
    const made = await api.post(USER_API.signup, { email: 'bob@example.test', username: 'bob', password: PASSWORD });
    expect(made.statusCode, made.body).toBe(201);
    const first = await waitForMail(t.dataDir, 'bob@example.test');
    const early = await api.post(USER_API.login, { username: 'bob', password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_UNCONFIRMED');
    expect(api.cookie).toBeUndefined();

    const wrong = await api.post(USER_API.resendConfirmation, { username: 'bob', password: 'not-the-password' });
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    const resent = await api.post(USER_API.resendConfirmation, { username: 'bob', password: PASSWORD });
    expect(resent.statusCode).toBe(200);
    const second = await waitForMail(t.dataDir, 'bob@example.test', 2);

    // Mailing a new link retires the old one.
    const stale = await api.get(`${USER_API.confirm}?token=${tokenFrom(first, '/api/user/confirm')}`);
    expect(stale.headers.location).toBe('/login?confirmed=0');
    const token = tokenFrom(second, '/api/user/confirm');
    expect((await api.get(`${USER_API.confirm}?token=${token}`)).headers.location).toBe('/login?confirmed=1');
    expect((await api.get(`${USER_API.confirm}?token=${token}`)).headers.location).toBe('/login?confirmed=0');
    expect((await api.post(USER_API.login, { username: 'bob', password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a used email or username, whatever the letter case', async () => {
    await api.post(USER_API.signup, { email: 'cyd@example.test', username: 'cyd', password: PASSWORD });
    const email = await api.post(USER_API.signup, { email: 'CYD@example.test', username: 'cyd2', password: PASSWORD });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email address is already used.' });
    const name = await api.post(USER_API.signup, { email: 'cyd2@example.test', username: 'CYD', password: PASSWORD });
    expect(name.json().code).toBe('USERNAME_TAKEN');
    // Every problem is reported at once.
    const all = await api.post(USER_API.signup, { email: 'cyd@example.test', username: 'cyd', password: 'password' });
    expect(all.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'taken', username: 'taken', password: 'common_password' },
    });
  });

  it.each([
    [{ email: 'not-an-email', username: 'dee', password: PASSWORD }, { email: 'invalid_format' }],
    [{ email: 'dee@example.test', username: 'd', password: PASSWORD }, { username: 'too_small' }],
    [{ email: 'dee@example.test', username: 'dee dee', password: PASSWORD }, { username: 'invalid_format' }],
    [{ email: 'dee@example.test', username: 'dee', password: 'short' }, { password: 'too_small' }],
    [{ email: 'dee@example.test', username: 'dee', password: 'x'.repeat(129) }, { password: 'too_big' }],
    [{ email: 'dee@example.test', username: 'dee', password: 'password' }, { password: 'common_password' }],
    [{ email: 'dee@example.test', username: 'dee', password: 'iloveyou1' }, { password: 'common_password' }],
    [{ username: 'dee', password: PASSWORD }, { email: 'required' }],
  ])('refuses %j with %j and creates nothing', async (body, fields) => {
    const res = await api.post(USER_API.signup, body);
    expect(res.statusCode).toBe(400);
    const error = errorBodySchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
    expect(await findUserByUsername(t.store.db, 'dee')).toBeUndefined();
    expect(readOutbox(t.dataDir)).toHaveLength(0);
  });

  it(`limits sign-ups per address to ${AUTH_RATE_LIMITS.signupPerIp.max} an hour`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.signupPerIp.max; i++) {
      codes.push(
        (await api.post(USER_API.signup, { email: `many${i}@example.test`, username: `many${i}`, password: PASSWORD }))
          .statusCode,
      );
    }
    expect(codes).toEqual([...Array(AUTH_RATE_LIMITS.signupPerIp.max).fill(201), 429]);
  });

  it(`keeps "This email address is already used." and limits sign-ups per email address to ${AUTH_RATE_LIMITS.signupPerEmail.max} an hour, from any number of IPs`, async () => {
    await api.post(USER_API.signup, { email: 'gus@example.test', username: 'gus', password: PASSWORD });
    const answers: { status: number; code: string; message: string }[] = [];
    for (let i = 1; i <= AUTH_RATE_LIMITS.signupPerEmail.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${USER_API.signup}`,
        remoteAddress: `203.0.113.${i}`,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload: { email: i % 2 ? 'GUS@example.test' : 'gus@example.test', username: `gus${i}`, password: PASSWORD },
      });
      const body = res.json<{ code: string; message: string }>();
      answers.push({ status: res.statusCode, code: body.code, message: body.message });
    }
    const taken = { status: 409, code: 'EMAIL_TAKEN', message: 'This email address is already used.' };
    expect(answers).toEqual([
      ...Array(AUTH_RATE_LIMITS.signupPerEmail.max - 1).fill(expect.objectContaining(taken)),
      expect.objectContaining({ status: 429, code: 'RATE_LIMITED' }),
    ]);
    // Another address is not held back by it.
    expect(
      (await api.post(USER_API.signup, { email: 'hal@example.test', username: 'hal', password: PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('accepts a long uncommon password of 128 characters', async () => {
    const res = await api.post(USER_API.signup, {
      email: 'eve@example.test',
      username: 'eve',
      password: `${'Zq9!'.repeat(32)}`,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('sign-up when the mail cannot be sent', () => {
  it('answers REGISTRATION_FAILED and keeps no half-made account', async () => {
    const failing: Mailer = { send: async () => Promise.reject(new Error('smtp down')), close: () => undefined };
    const t = await buildTestApp('sqlite', { mailer: failing });
    try {
      const res = await new ApiClient(t.app).post(USER_API.signup, {
        email: 'fay@example.test',
        username: 'fay',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'REGISTRATION_FAILED',
        message: 'Registeration failed. Please try again.',
      });
      expect(await findUserByUsername(t.store.db, 'fay')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
