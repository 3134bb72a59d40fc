import { expect, test } from '@playwright/test';

// The shell as a visitor meets it: the guard, the not-found page and the three languages.
// Texts are the ones in apps/web/src/locales; each language is asserted in its own script.
const LOGIN_TITLE = { 'en-US': 'Sign in', 'zh-CN': '登录', 'zh-TW': '登入' } as const;
const NOT_FOUND_TITLE = { 'en-US': 'Page not found', 'zh-CN': '页面不存在', 'zh-TW': '頁面不存在' } as const;

test.use({ locale: 'en-US' });

test('a visit to / on a fresh server ends on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('page-title')).toHaveText(LOGIN_TITLE['en-US']);
});

test('an authenticated route sends a visitor without a session to /login, remembering the page asked for', async ({
  page,
}) => {
  for (const path of ['/certs', '/user/security', '/service/overview/shop.example/g1']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  }
  // /service redirects to the overview before the guard sees it.
  await page.goto('/service');
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/service/overview')}`);
});

test('/logout goes to /login', async ({ page }) => {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText(NOT_FOUND_TITLE['en-US']);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

test('choosing 简体中文 and then 繁體中文 changes the texts, and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  const title = page.getByTestId('page-title');
  await expect(title).toHaveText(LOGIN_TITLE['en-US']);

  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-zh-CN').click();
  await expect(title).toHaveText(LOGIN_TITLE['zh-CN']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-zh-TW').click();
  await expect(title).toHaveText(LOGIN_TITLE['zh-TW']);

  await page.reload();
  await expect(title).toHaveText(LOGIN_TITLE['zh-TW']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');

  await page.goto('/no/such/page');
  await expect(page.getByTestId('page-title')).toHaveText(NOT_FOUND_TITLE['zh-TW']);
});

test.describe('a browser whose language is zh-TW', () => {
  test.use({ locale: 'zh-TW' });

  test('sees Traditional Chinese on its first visit', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('page-title')).toHaveText(LOGIN_TITLE['zh-TW']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });
});

test.describe('a browser whose language is neither English nor Chinese', () => {
  test.use({ locale: 'fr-FR' });

  test('sees English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('page-title')).toHaveText(LOGIN_TITLE['en-US']);
  });
});
