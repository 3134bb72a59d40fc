import { generate } from 'otplib';
import { USER_API } from '@parapet/shared';
import { ApiClient } from './client.js';
import type { TestApp } from './app.js';
import { tokenFrom, waitForMail } from './outbox.js';

export const PASSWORD = 'Blue-Harbor-42-Lantern';

export interface Account {
  username: string;
  email: string;
  password: string;
  client: ApiClient;
}

let counter = 0;

/** Signs up through the API, follows the mailed confirmation link and signs in. */
export async function signUpConfirmed(t: TestApp, name = `user${++counter}`): Promise<Account> {
  const account = {
    username: name,
    email: `${name.toLowerCase()}@example.test`,
    password: PASSWORD,
    client: new ApiClient(t.app),
  };
  const res = await account.client.post(USER_API.signup, { email: account.email, username: name, password: PASSWORD });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const mail = await waitForMail(t.dataDir, account.email);
  const confirmed = await account.client.get(
    `${USER_API.confirm}?token=${encodeURIComponent(tokenFrom(mail, '/api/user/confirm'))}`,
  );
  if (confirmed.headers.location !== '/login?confirmed=1')
    throw new Error(`confirmation failed: ${confirmed.headers.location}`);
  const login = await account.client.post(USER_API.login, { username: name, password: PASSWORD });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  return account;
}

/** Turns two-factor on for a signed-in account; returns its secret. */
export async function enableTwoFactor(account: Account): Promise<string> {
  const setup = await account.client.post(USER_API.otpSetup);
  const { secret } = setup.json() as { secret: string };
  const res = await account.client.post(USER_API.otpEnable, { token: await generate({ secret }) });
  if (res.statusCode !== 200) throw new Error(`enabling two-factor failed: ${res.body}`);
  return secret;
}

/** A code of the step after the current one: a fresh code that the previous one cannot replay. */
export async function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}
