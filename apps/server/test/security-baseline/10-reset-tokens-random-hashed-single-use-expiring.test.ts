import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_TOKEN_TTL_MS, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUpConfirmed, type Account } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { readOutbox, tokenFrom, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

const NEW_PASSWORD = 'Quiet-Meadow-77-Compass';

describe.each(storeKinds)('reset tokens random, hashed at rest, single-use, expiring (on %s)', (kind) => {
  let t: TestApp;
  let mails: number;
  const seen = new Set<string>();
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  /** Asks for a reset link as a stranger would, and reads the new token from the mail that follows. */
  const requestLink = async (account: Account): Promise<string> => {
    const res = await new ApiClient(t.app).post(USER_API.forgotPassword, { email: account.email });
    expect(res.statusCode).toBe(200);
    await waitForMail(t.dataDir, account.email, ++mails);
    const fresh = readOutbox(t.dataDir)
      .filter((m) => m.to.includes(account.email) && m.links.some((l) => l.includes('/reset-password/')))
      .map((m) => tokenFrom(m, '/reset-password/'))
      .filter((token) => !seen.has(token));
    expect(fresh).toHaveLength(1);
    const token = fresh[0] ?? '';
    seen.add(token);
    return token;
  };
  const check = (token: string) =>
    new ApiClient(t.app).get(`${USER_API.validateResetPasswordToken}?token=${encodeURIComponent(token)}`);
  const reset = (token: string, password = NEW_PASSWORD) =>
    new ApiClient(t.app).post(`${USER_API.validateResetPasswordToken}?token=${encodeURIComponent(token)}`, {
      username: 'wes',
      password,
    });
  const tokenRows = () =>
    t.store.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('purpose', '=', 'reset_password')
      .orderBy('created_at')
      .execute();

  it('a token is 256 random bits, stored only as its SHA-256', async () => {
    t = await buildTestApp(kind);
    mails = 1;
    const wes = await signUpConfirmed(t, 'wes');
    const tokens = [await requestLink(wes), await requestLink(wes), await requestLink(wes)];
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Set(tokens).size).toBe(tokens.length);

    const rows = await tokenRows();
    expect(rows).toHaveLength(tokens.length);
    const stored = JSON.stringify(rows);
    for (const token of tokens) expect(stored).not.toContain(token);
    const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(rows.map((r) => r.id).sort()).toEqual(tokens.map(sha256).sort());
  });

  it('a token works once; a second use, or an older link after a newer one, is refused', async () => {
    t = await buildTestApp(kind);
    mails = 1;
    const wes = await signUpConfirmed(t, 'wes');
    const older = await requestLink(wes);
    const token = await requestLink(wes);
    expect((await check(older)).json().code).toBe('TOKEN_INVALID');

    expect((await check(token)).json()).toMatchObject({ username: 'wes' });
    expect((await reset(token)).statusCode).toBe(200);
    for (const answer of [await check(token), await reset(token, 'Another-Password-31')]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('TOKEN_INVALID');
    }
    const signIn = await new ApiClient(t.app).post(USER_API.login, { username: 'wes', password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('a token stops working once its lifetime is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await buildTestApp(kind);
    mails = 1;
    const wes = await signUpConfirmed(t, 'wes');
    // On a stopped clock the outbox (named by time) would not tell the two mails' order.
    const issuedAt = Date.now() + 1_000;
    vi.setSystemTime(issuedAt);
    const token = await requestLink(wes);
    const [row] = await tokenRows();
    expect(Number(row?.expires_at) - Number(row?.created_at)).toBe(RESET_TOKEN_TTL_MS);

    vi.setSystemTime(issuedAt + RESET_TOKEN_TTL_MS - 1);
    expect((await check(token)).statusCode).toBe(200);
    vi.setSystemTime(issuedAt + RESET_TOKEN_TTL_MS);
    expect((await check(token)).json().code).toBe('TOKEN_INVALID');
    expect((await reset(token)).json().code).toBe('TOKEN_INVALID');
    const signIn = await new ApiClient(t.app).post(USER_API.login, { username: 'wes', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });
});
