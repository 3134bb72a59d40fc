import { afterEach, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { enableTwoFactor, signUpConfirmed } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { readOutbox, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

/** What a caller can see of an answer, less what differs between any two answers (date, request id). */
function visible(res: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe.each(storeKinds)('the forgot-password answer does not reveal whether an email exists (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers an existing and an unknown address alike; only the account owner gets mail', async () => {
    t = await buildTestApp(kind);
    const xia = await signUpConfirmed(t, 'xia');
    const stranger = new ApiClient(t.app);
    const known = await stranger.post(USER_API.forgotPassword, { email: xia.email });
    const unknown = await stranger.post(USER_API.forgotPassword, { email: 'nobody-here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(visible(unknown)).toEqual(visible(known));
    // Differently spelt, the existing address is still answered the same way.
    const upper = await stranger.post(USER_API.forgotPassword, { email: xia.email.toUpperCase() });
    expect(visible(upper)).toEqual(visible(known));

    await waitForMail(t.dataDir, xia.email, 3);
    expect(readOutbox(t.dataDir).filter((m) => m.to.includes('nobody-here'))).toHaveLength(0);
  });

  it('the two-factor reset answers alike for an unknown address, one without two-factor, and one with it', async () => {
    t = await buildTestApp(kind);
    const yan = await signUpConfirmed(t, 'yan');
    const zed = await signUpConfirmed(t, 'zed');
    await enableTwoFactor(zed);
    const stranger = new ApiClient(t.app);
    const withOtp = await stranger.post(USER_API.forgotOtp, { email: zed.email });
    const withoutOtp = await stranger.post(USER_API.forgotOtp, { email: yan.email });
    const unknown = await stranger.post(USER_API.forgotOtp, { email: 'nobody-here@example.test' });
    expect(withOtp.statusCode).toBe(200);
    expect(visible(withoutOtp)).toEqual(visible(withOtp));
    expect(visible(unknown)).toEqual(visible(withOtp));
    await waitForMail(t.dataDir, zed.email, 2);
    expect(readOutbox(t.dataDir).filter((m) => m.to.includes(yan.email))).toHaveLength(1);
  });
});
