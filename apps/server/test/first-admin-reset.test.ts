import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { ensureFirstAdmin } from '../src/modules/users/first-admin.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { ApiClient } from './helpers/client.js';
import { waitForMail } from './helpers/outbox.js';
import { storeKinds } from './helpers/stores.js';

describe.each(storeKinds)('the first admin at their default address on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  it('can use forgot-password with admin@localhost (the default ADMIN_EMAIL)', async () => {
    expect(t.config.admin.email).toBe(`${t.config.admin.username}@localhost`);
    await ensureFirstAdmin(t.store.db, { ...t.config.admin, password: 'correct horse battery' }, t.app.log);
    const res = await new ApiClient(t.app).post(USER_API.forgotPassword, { email: t.config.admin.email });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, t.config.admin.email);
    expect(mail.links.some((link) => link.includes('/reset-password/'))).toBe(true);
  });
});
