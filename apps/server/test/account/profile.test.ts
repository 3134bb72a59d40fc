import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, AVATAR_MAX_BYTES, CSRF_HEADER, CSRF_HEADER_VALUE, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed, type Account } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]);

/** A multipart body with one file, as a browser's form would send it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----parapet-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(storeKinds)('profile and security settings on %s', (kind) => {
  let t: TestApp;
  let account: Account;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    account = await signUpConfirmed(t, 'zoe');
  });
  afterEach(() => t.close());

  const upload = (bytes: Buffer, filename: string, type: string) => {
    const { body, contentType } = multipart(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: `/api${USER_API.setAvatar}`,
      headers: { cookie: account.client.cookie ?? '', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType },
      payload: body,
    });
  };

  it('keeps a PNG, JPEG or WebP picture and serves it back with its own type', async () => {
    for (const [bytes, type] of [
      [PNG_1x1, 'image/png'],
      [JPEG_HEAD, 'image/jpeg'],
      [WEBP_HEAD, 'image/webp'],
    ] as const) {
      const res = await upload(bytes, 'me.bin', 'application/octet-stream');
      expect(res.statusCode, type).toBe(200);
      expect(res.json().hasAvatar).toBe(true);
      const served = await account.client.get(USER_API.avatar);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const removed = await account.client.delete(USER_API.avatar);
    expect(removed.json().hasAvatar).toBe(false);
    expect((await account.client.get(USER_API.avatar)).statusCode).toBe(404);
  });

  it('checks the picture by its content, not its name or declared type', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'me.png', 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupport format' });
    const big = await upload(Buffer.concat([PNG_1x1, Buffer.alloc(AVATAR_MAX_BYTES)]), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect((await account.client.get(USER_API.me)).json().hasAvatar).toBe(false);
  });

  it('takes a multipart body on the avatar upload only: any other route answers 415 and changes nothing', async () => {
    // The multipart plugin is registered in the upload's scope alone (docs/api-bench.md).
    const { body, contentType } = multipart(PNG_1x1, 'me.png', 'image/png');
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/api${USER_API.profile}`,
      headers: { cookie: account.client.cookie ?? '', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType },
      payload: body,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(415);
    expect(elsewhere.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await account.client.get(USER_API.me)).json().hasAvatar).toBe(false);
    expect((await upload(PNG_1x1, 'me.png', 'image/png')).statusCode).toBe(200);
  });

  it('answers a multipart body it cannot read with 400, and one that is not multipart with 415, never 500', async () => {
    const send = (contentType: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: `/api${USER_API.setAvatar}`,
        headers: { cookie: account.client.cookie ?? '', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType },
        payload,
      });
    const { body, contentType } = multipart(PNG_1x1, 'me.png', 'image/png');
    const noBoundary = await send('multipart/form-data', body);
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json().code).toBe('MALFORMED_BODY');
    // Cut inside the file part: no closing boundary ever comes.
    const truncated = await send(contentType, body.subarray(0, body.length - 30));
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().code).toBe('MALFORMED_BODY');
    const brokenHeaders = await send(
      contentType,
      Buffer.from('------parapet-test\r\nContent-Disposition form-data\r\n'),
    );
    expect(brokenHeaders.statusCode, brokenHeaders.body).toBeGreaterThanOrEqual(400);
    expect(brokenHeaders.statusCode, brokenHeaders.body).toBeLessThan(500);
    const notMultipart = await send('text/plain', 'hello');
    expect([400, 415], notMultipart.body).toContain(notMultipart.statusCode);
    expect((await account.client.get(USER_API.me)).json().hasAvatar).toBe(false);
  });

  it(`spends the account's password attempts on wrong old passwords: ${AUTH_RATE_LIMITS.loginPerAccount.max} a window, then 429`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccount.max + 2; i++) {
      codes.push(
        (
          await account.client.post(USER_API.changePassword, {
            oldPassword: `Not-It-${i}-xyz`,
            newPassword: 'Fresh-Password-55',
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([...Array(AUTH_RATE_LIMITS.loginPerAccount.max).fill(400), 429, 429]);
    // The right password is refused too until the window ends, as it would be at sign-in.
    const right = await account.client.post(USER_API.changePassword, {
      oldPassword: PASSWORD,
      newPassword: 'Fresh-Password-55',
    });
    expect(right.json().code).toBe('RATE_LIMITED');
    expect((await new ApiClient(t.app).post(USER_API.login, { username: 'zoe', password: PASSWORD })).json().code).toBe(
      'RATE_LIMITED',
    );
  });

  it('updates the phone number and refuses a malformed one', async () => {
    expect((await account.client.put(USER_API.profile, { phoneNumber: '+886 2 1234-5678' })).json().phoneNumber).toBe(
      '+886 2 1234-5678',
    );
    const bad = await account.client.put(USER_API.profile, { phoneNumber: 'call me' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { phoneNumber: 'invalid_format' } });
    expect((await account.client.get(USER_API.me)).json().phoneNumber).toBe('+886 2 1234-5678');
  });

  it('changes the password only with the right old one, to a different one, ending other sessions', async () => {
    const other = new ApiClient(t.app);
    await other.post(USER_API.login, { username: 'zoe', password: PASSWORD });
    const wrong = await account.client.post(USER_API.changePassword, {
      oldPassword: 'Not-It-123',
      newPassword: 'Fresh-Password-55',
    });
    expect(wrong.json()).toMatchObject({ code: 'PASSWORD_INCORRECT', fields: { oldPassword: 'invalid' } });
    const both = await account.client.post(USER_API.changePassword, {
      oldPassword: 'Not-It-123',
      newPassword: 'password',
    });
    expect(both.json().fields).toEqual({ oldPassword: 'invalid', newPassword: 'common_password' });
    const same = await account.client.post(USER_API.changePassword, { oldPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { newPassword: 'same_as_old' } });
    const common = await account.client.post(USER_API.changePassword, {
      oldPassword: PASSWORD,
      newPassword: 'qwertyuiop',
    });
    expect(common.json().fields).toEqual({ newPassword: 'common_password' });
    expect((await other.get(USER_API.me)).statusCode).toBe(200);

    expect(
      (await account.client.post(USER_API.changePassword, { oldPassword: PASSWORD, newPassword: 'Fresh-Password-55' }))
        .statusCode,
    ).toBe(200);
    expect((await other.get(USER_API.me)).statusCode).toBe(401);
    expect((await account.client.get(USER_API.me)).statusCode).toBe(200);
    expect(
      (await new ApiClient(t.app).post(USER_API.login, { username: 'zoe', password: 'Fresh-Password-55' })).statusCode,
    ).toBe(200);
  });
});

describe("the audit log of a user's own changes", () => {
  it('records profile, picture and password changes without any secret', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const account = await signUpConfirmed(t, 'audrey');
      await account.client.put(USER_API.profile, { phoneNumber: '+1 555 0100' });
      await account.client.post(USER_API.changePassword, { oldPassword: PASSWORD, newPassword: 'Fresh-Password-55' });
      const rows = await t.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', 'audrey')
        .orderBy('at')
        .execute();
      expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
      expect(JSON.parse(rows[1]?.after ?? '{}')).toEqual({ phoneNumber: '+1 555 0100' });
      expect(JSON.stringify(rows)).not.toMatch(/Fresh-Password-55|Blue-Harbor|argon2/);
    } finally {
      await t.close();
    }
  });
});
