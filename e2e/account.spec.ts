import { expect, test, type Page } from '@playwright/test';
import { tokenFrom, waitForMail } from '../apps/server/test/helpers/outbox.js';
import { freshCode } from './fixtures/otp.js';

// The whole life of an account in the browser, against the real server and its mail outbox.
const dataDir = process.env.PARAPET_E2E_DATA_DIR ?? '';
const PASSWORD = 'Quiet-Canyon-58-Ember';
const NEW_PASSWORD = 'Bright-Orchard-31-Falcon';

async function signIn(page: Page, username: string, password: string, token?: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  if (token) await page.getByTestId('login-token').fill(token);
  await page.getByTestId('login-submit').click();
}

test('sign up, confirm by mail, two-factor on, sign in with a code, reset the password by mail', async ({ page }) => {
  test.setTimeout(120_000);
  const username = `e2e${Date.now().toString(36)}`;
  const email = `${username}@example.test`;

  await page.goto('/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-username').fill(username);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-confirm').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();

  const confirmation = await waitForMail(dataDir, email);
  await page.goto(confirmation.links.find((l) => l.includes('/api/user/confirm')) ?? '');
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await expect(page.getByTestId('login-confirmed')).toBeVisible();

  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/home(\?groupName=[\w-]+)?$/);
  // Signed in, the sign-in page and the root lead home; a reload restores the session.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home(\?groupName=[\w-]+)?$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home(\?groupName=[\w-]+)?$/);

  await page.goto('/user/security');
  await page.getByTestId('otp-switch').click();
  const secret = (await page.getByTestId('otp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByTestId('otp-qr')).toBeVisible();
  let otp = await freshCode(secret, undefined);
  await page.getByTestId('otp-enable-code').fill(otp.code);
  await page.getByTestId('otp-enable-submit').click();
  await expect(page.getByTestId('otp-switch')).toBeChecked();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, username, PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  otp = await freshCode(secret, otp.step);
  await signIn(page, username, PASSWORD, otp.code);
  await expect(page).toHaveURL(/\/home(\?groupName=[\w-]+)?$/);
  await page.goto('/logout');

  await page.getByTestId('login-forgot').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-confirm').click();
  const reset = await waitForMail(dataDir, email, 2);
  const token = tokenFrom(reset, '/reset-password/');
  await page.goto(reset.links.find((l) => l.includes('/reset-password/')) ?? '');
  await expect(page.getByTestId('reset-token')).toHaveValue(token);
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-repeat').fill(NEW_PASSWORD);
  otp = await freshCode(secret, otp.step);
  await page.getByTestId('reset-otp-token').fill(otp.code);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);

  otp = await freshCode(secret, otp.step);
  await signIn(page, username, PASSWORD, otp.code);
  await expect(page.getByTestId('login-error')).toBeVisible();
  otp = await freshCode(secret, otp.step);
  await signIn(page, username, NEW_PASSWORD, otp.code);
  await expect(page).toHaveURL(/\/home(\?groupName=[\w-]+)?$/);
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'en-US' });

  test('a failed sign-in says so in Traditional Chinese', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-zh-TW').click();
    await page.getByTestId('login-username').fill('no-such-user');
    await page.getByTestId('login-password').fill('Wrong-Password-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('使用者名稱或密碼錯誤，請稍後再試');
  });
});
