import { expect, test as signedOut, type Page } from '@playwright/test';
import { test as signedIn } from './fixtures/admin-session';

// A signed-in browser gets its screen's files named in the page and fetches them at once, each
// one time (apps/server/src/plugins/console-shell.ts); the sign-in page names none of them.

const scriptRequests = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) seen.push(url.pathname);
  });
  return seen;
};

signedIn('the dashboard’s files are preloaded with the page and fetched once each', async ({ page }) => {
  const scripts = scriptRequests(page);
  const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/home');
  await page.goto('/home?groupName=default');
  const html = await (await document).text();
  const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  expect(preloaded.some((file) => file?.includes('/area-dashboard-'))).toBe(true);
  expect(preloaded.some((file) => file?.includes('/vendor-antd-'))).toBe(true);
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // A preload in another mode than the import's would be fetched a second time.
  const twice = scripts.filter((file, i) => scripts.indexOf(file) !== i);
  expect(twice).toEqual([]);
  expect(scripts.some((file) => file.includes('/area-dashboard-'))).toBe(true);
});

signedOut('the sign-in page names no signed-in file', async ({ page }) => {
  const scripts = scriptRequests(page);
  const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
  await page.goto('/login');
  expect(await (await document).text()).not.toMatch(/vendor-antd|area-|app-layout/);
  await expect(page.getByTestId('login-username')).toBeVisible();
  expect(scripts.filter((file) => /vendor-antd|area-|app-layout/.test(file))).toEqual([]);
});
