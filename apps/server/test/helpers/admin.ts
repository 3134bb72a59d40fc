import { USER_API } from '@parapet/shared';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { insertTestUser, type TestApp } from './app.js';
import { ApiClient } from './client.js';
import { PASSWORD } from './accounts.js';

/** An admin account made in the store, signed in through the API. */
export async function signedInAdmin(t: TestApp, username = 'root'): Promise<ApiClient> {
  await insertTestUser(t, { username, privilege: 'admin', passwordHash: await hashPassword(PASSWORD) });
  const client = new ApiClient(t.app);
  const res = await client.post(USER_API.login, { username, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
  return client;
}

/** Fills a path template of the shared path tables: `/groups/:groupName` → `/groups/acme`. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? `:${key}`));
