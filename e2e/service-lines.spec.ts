import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures/admin-session';
import { DEPLOYED_WITHIN_MS, DEPLOYING_TEST_TIMEOUT_MS } from './fixtures/deploy';

// Service lines in the browser against the real server: create one through the wizard and
// watch it deploy live, lose a race between two editors to a conflict, and bulk-delete domains.
const GROUP = 'default';

/** Makes a line through the API (the console's own calls), for tests about other screens. */
async function createLine(request: APIRequestContext, name: string, domains: string[]) {
  const res = await request.post('/api/table/rcm-app-profiles/update/create', {
    headers: { 'x-requested-with': 'parapet' },
    data: {
      groupName: GROUP,
      appProfileName: name,
      customerPackage: 'standard',
      servername: domains,
      origins: [{ address: '127.0.0.1' }],
    },
  });
  expect(res.status()).toBe(200);
}

const overview = (name: string, tab?: string) =>
  `/service/overview/${name}/${GROUP}?groupName=${GROUP}${tab ? `&tab=${tab}` : ''}`;

test('creates a line with two domains and an origin, and watches it go from Deploying to Running without a reload', async ({
  page,
}) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  await page.goto(`/service-lines/create?groupName=${GROUP}`);
  await page.getByTestId('wizard-name').fill('e2e.shop');
  await page.getByTestId('wizard-package').click();
  await page.getByTitle('standard').click();
  await page.getByTestId('wizard-origins').click();
  await page.keyboard.type('127.0.0.1');
  await page.keyboard.press('Enter');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-domains').fill('e2e-shop.example.com\nwww.e2e-shop.example.com');
  // The line is Deploying until its deployment ends: 3 s (EDGE_SETTLE_MS) after the save when
  // the server's one deploy queue is empty, longer when the other worker's saves are ahead of
  // it. On a loaded machine the browser took 4 to 5 s from the save to the list, and
  // Playwright's checks come seconds apart: the list showed Deploying for 1.3 s and Playwright
  // first looked after it; another time the list came up once the task had ended. So three
  // deployments of this test's own go ahead of the line's (9 s or more), and the page itself
  // records every text the status shows as it renders it; the record lives in this document,
  // so a reload would lose it. (A script as text: this project is typed without the DOM.)
  await page.evaluate(`(() => {
    const seen = (window.statusSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="service-line-status-e2e.shop"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  const ahead = await Promise.all(
    [1, 2, 3].map((n) =>
      page.request.post('/api/html-pages', {
        headers: { 'x-requested-with': 'parapet' },
        data: { groupName: GROUP, htmlPageName: `e2e_ahead_${n}`, content: '<p>ahead of the line</p>' },
      }),
    ),
  );
  expect(ahead.map((res) => res.status())).toEqual([201, 201, 201]);
  await page.getByTestId('wizard-save').click();
  await expect(page.getByTestId('service-line-created')).toBeVisible();
  await expect(page.getByTestId('wizard-cname')).toContainText('.edge.parapet.localhost');

  // Through the console's own menu, not a fresh page load, so the list is up while the task runs.
  await page.getByTestId('nav-service-lines').click();
  await expect(page).toHaveURL(/\/service-lines\?groupName=/);
  // No reload from here: the status changes when the server says the task ended.
  await expect(page.getByTestId('service-line-status-e2e.shop')).toHaveText('Running', {
    timeout: DEPLOYED_WITHIN_MS,
  });
  const seen: unknown = await page.evaluate('window.statusSeen');
  expect(seen, 'what the status showed, in order, without a reload').toEqual(['Deploying', 'Running']);
});

test('refuses the second of two saves over the same version, and says so', async ({ browser, page }) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  await createLine(page.request, 'e2e.race', ['race.example.com']);
  await page.goto(overview('e2e.race', 'advanced'));
  await expect(page.getByTestId('service-status')).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });

  // A second window of the same admin: the test's contexts start with the run's admin session.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(overview('e2e.race', 'advanced'));
  await expect(second.getByTestId('service-status')).toHaveText('Running');

  // Both open the form on version 1.
  await page.getByTestId('tab-edit-advanced').click();
  await second.getByTestId('tab-edit-advanced').click();

  await page.getByTestId('field-maxUploadSize').fill('5');
  await page.getByTestId('tab-save-advanced').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('service-line-updated')).toBeVisible();
  await expect(page.getByTestId('service-status')).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });

  await second.getByTestId('field-maxUploadSize').fill('7');
  await second.getByTestId('tab-save-advanced').click();
  await second.getByTestId('confirm-ok').click();
  await expect(second.getByTestId('service-conflict')).toBeVisible();
  await expect(second.getByTestId('service-conflict')).toContainText('changed by someone else');
  await other.close();
});

test('bulk-deletes two domains after a confirmation that says 2', async ({ page }) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  await createLine(page.request, 'e2e.domains', [
    'a.e2e-domains.example.com',
    'b.e2e-domains.example.com',
    'c.e2e-domains.example.com',
  ]);
  await page.goto(overview('e2e.domains', 'domains'));
  await expect(page.getByTestId('service-status')).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
  await page.getByTestId('domain-row-a.e2e-domains.example.com').click();
  await page.getByTestId('domain-row-b.e2e-domains.example.com').click();
  await page.getByTestId('domains-bulk-delete').click();
  const confirmation = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-ok') });
  await expect(confirmation).toContainText('2');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('domains-table')).not.toContainText('a.e2e-domains.example.com', { timeout: 20_000 });
  await expect(page.getByTestId('domains-table')).not.toContainText('b.e2e-domains.example.com');
  await expect(page.getByTestId('domains-table')).toContainText('c.e2e-domains.example.com');
});
