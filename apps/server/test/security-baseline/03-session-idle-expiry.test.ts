import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

/** Only the clock is faked: the store, argon2 and the mail outbox keep their real timers. */
describe.each(storeKinds)('session idle expiry (on %s)', (kind) => {
  let t: TestApp;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('a session left unused for the configured idle limit is refused and deleted; one in use lives on', async () => {
    t = await buildTestApp(kind);
    const { idleMs, absoluteMs } = t.config.session;
    expect(idleMs).toBeLessThan(absoluteMs / 4);
    const fay = await signUpConfirmed(t, 'fay');
    const start = Date.now();

    // Used just before the idle limit each time: alive across three idle periods.
    let at = start;
    for (let i = 0; i < 3; i++) {
      at += idleMs - 1_000;
      vi.setSystemTime(at);
      expect((await fay.client.get(USER_API.me)).statusCode, `after ${i + 1} idle periods`).toBe(200);
    }
    // Then left alone for exactly the idle limit: gone, well before its absolute expiry.
    vi.setSystemTime(at + idleMs);
    expect(Date.now() - start).toBeLessThan(absoluteMs);
    const res = await fay.client.get(USER_API.me);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(await t.store.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });
});
