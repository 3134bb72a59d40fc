import { expect, type Page } from '@playwright/test';
import { FIRST_VIEW_STATE_ID } from '@parapet/shared';
import { test } from './fixtures/admin-session';

// The dashboard is drawn by the server (docs/server-render.md): its figures are in the page the
// browser receives, and the console's scripts take that page over as it is. The server renders
// a first view once its renderer is loaded and within a time limit; until then a page goes out
// as built, so a test asks again until it gets one.

const DASHBOARD = '/home?groupName=default';

/** Asks for `path` with the page's session until the server answers it with a first view; returns that page. */
async function untilFirstView(page: Page, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await page.request.get(path)).text();
        return html.includes(`id="${FIRST_VIEW_STATE_ID}"`);
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
  return html;
}

/**
 * Loads the dashboard in `page` until its requests tile shows `text`. Each load is rendered anew
 * within the time limit: one past it on a busy machine goes out as built (a CI run, 29 Nov), so
 * the page is loaded again until it comes with its first view.
 */
async function loadWithFirstView(page: Page, text: RegExp, waitUntil?: 'commit'): Promise<void> {
  await expect(async () => {
    await page.goto(DASHBOARD, waitUntil ? { waitUntil } : {});
    await expect(page.getByTestId('dashboard-tile-requests-value')).toHaveText(text, { timeout: 5000 });
  }).toPass({ timeout: 40_000 });
}

test('the dashboard’s figures are in the page: they show with every script of the console blocked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await untilFirstView(page, DASHBOARD);
  await page.route('**/assets/*.js', (route) => route.abort());
  await loadWithFirstView(page, /\d/);
  await expect(page.getByTestId('dashboard-tabs')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // Nothing answers input before the console has taken the page over.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
});

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the console takes the server’s dashboard over without drawing it again, and it works', async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    });
    await untilFirstView(page, DASHBOARD);
    // The console's entry waits until the server's view is marked: the same element afterwards
    // means the view was taken over, not drawn again.
    let release = () => undefined as void;
    const marked = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await marked;
      // A load that went out as built was left for the next one: its request is gone by now.
      await route.continue().catch(() => undefined);
    });
    await loadWithFirstView(page, /次请求/, 'commit');
    const tile = page.getByTestId('dashboard-tile-requests-value');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await tile.evaluate((element) => element.setAttribute('data-from-server', ''));
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 20_000 });
    await expect(page.locator('[data-testid="dashboard-tile-requests-value"][data-from-server]')).toBeVisible();
    // Its answers came with the page: the console did not ask for them again.
    expect(calls.filter((path) => path.startsWith('/api/dashboard/'))).toEqual([]);

    await page.getByRole('tab', { name: '防火墙' }).click();
    await expect(page).toHaveURL(/\/home\/firewall\?groupName=default$/);
    await expect(page.getByTestId('dashboard-tile-wafEvents-value')).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});

test('a language chosen in the console is the server’s too: after a reload the page comes in it', async ({ page }) => {
  await page.goto(DASHBOARD);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-zh-TW').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  // The browser is still English (Accept-Language); the choice reaches the server in a cookie.
  const html = await untilFirstView(page, DASHBOARD);
  expect(html).toContain('<html lang="zh-TW">');
  expect(html).toMatch(/data-testid="dashboard-tile-requests-value"[^>]*><strong>[^<]*次請求/);
});
