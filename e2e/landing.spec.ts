import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures/sign-in';

// Where the console puts a user (issue 11 item 7), in the browser against the real server:
// back to the page asked for after sign-in, an admin's first group rather than "All groups",
// "all" on a page of one group sending to the landing page, and Service Overview without a line.

const groupOf = (url: string) => new URL(url).searchParams.get('groupName');

test('a signed-out visit to a deep link lands there after sign-in', async ({ page }) => {
  await page.goto('/certs?groupName=default');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcerts%3FgroupName%3Ddefault$/);
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/certs\?groupName=default$/);
  await expect(page.getByTestId('page-title')).toHaveText('Certificates');
});

test('an admin starts in their first group, not in "All groups", and "all" on /certs goes to the landing page', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\?groupName=/);
  const first = groupOf(page.url());
  expect(first).not.toBe('all');
  await expect(page.getByTestId('group-selector')).toContainText(first ?? '');

  // A list opens in that group, with no "Choose a group".
  await page.goto('/certs');
  await expect(page).toHaveURL(new RegExp(`/certs\\?groupName=${first}$`));
  await expect(page.getByTestId('page-title')).toHaveText('Certificates');
  await expect(page.getByTestId('certs-choose-group')).toHaveCount(0);

  // "All groups" is still there to choose; on a page of one group it leads to the landing page.
  await page.getByTestId('group-selector').click();
  await page.getByTestId('group-option-all').click();
  await expect(page).toHaveURL(/\/home\?groupName=all$/);
  await expect(page.getByTestId('dashboard-tabs')).toBeVisible();
});

test("/service/overview offers the group's lines and opens the one picked", async ({ page }) => {
  await page.goto('/login?redirect=%2Fservice%2Foverview%3FgroupName%3Ddefault');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/service\/overview\?groupName=default$/);

  const res = await page.request.post('/api/table/rcm-app-profiles/update/create', {
    headers: { 'x-requested-with': 'parapet' },
    data: {
      groupName: 'default',
      appProfileName: 'e2e.landing',
      customerPackage: 'standard',
      servername: ['e2e-landing.example.com'],
      origins: [{ address: '127.0.0.1' }],
    },
  });
  expect(res.status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('service-overview-choose')).toBeVisible();
  await page.getByTestId('service-overview-picker').click();
  await page.keyboard.type('landing');
  await page.getByTestId('line-option-e2e.landing').click();
  await expect(page).toHaveURL(/\/service\/overview\/e2e\.landing\/default\?groupName=default$/);
  await expect(page.getByTestId('page-title')).toHaveText('e2e.landing');
  await expect(page.getByTestId('service-status')).toBeVisible();
});
