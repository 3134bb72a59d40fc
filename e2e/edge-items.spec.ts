import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makeCertificate } from './fixtures/certificate';
import { DEPLOYED_WITHIN_MS, DEPLOYING_TEST_TIMEOUT_MS } from './fixtures/deploy';
import { test } from './fixtures/admin-session';

// Certificates, origin policies and HTML pages in the browser against the real server: a
// certificate generated here, a policy whose origins the server really checks, and a page
// whose script runs only inside its sandbox.
const GROUP = 'default';
/** The start of the form's warning for a private origin address (en-US). */
const PRIVATE_WARNING = 'This address is, or resolves to, a private';

/** The input behind an Ant Design upload control, whichever element carries the test id. */
const fileInput = (page: Page, testId: string) =>
  page.locator(`input[type=file][data-testid="${testId}"], [data-testid="${testId}"] input[type=file]`).first();

test('uploads a certificate made in the test and sees it deploy and its expiry marked', async ({ page }) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  const files = makeCertificate('e2e-shop.example.com', 20);
  await page.goto(`/certs?groupName=${GROUP}`);
  await page.getByTestId('cert-upload').click();
  await page.getByTestId('cert-name').fill('e2e_shop');
  await fileInput(page, 'cert-pem-file').setInputFiles(files.pem);
  await expect(page.getByTestId('cert-pem-text')).toHaveValue(/BEGIN CERTIFICATE/);
  await fileInput(page, 'cert-key-file').setInputFiles(files.key);
  await expect(page.getByTestId('cert-key-text')).toHaveValue(/PRIVATE KEY/);
  await page.getByTestId('cert-submit').click();
  await expect(page.getByTestId('cert-uploaded')).toBeVisible();
  const table = page.getByTestId('certs-table');
  await expect(table).toContainText('e2e-shop.example.com');
  // Expires in 20 days: within the warning window. Running once its task ends, without a reload.
  await expect(page.getByTestId('cert-expiry-e2e_shop')).toBeVisible();
  await expect(page.getByTestId('cert-status-e2e_shop')).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
});

/** A TCP origin on loopback that accepts connections, as a real origin would. */
function startOrigin(port = 0): Promise<Server> {
  const server = createServer((socket) => socket.end());
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test('creates a policy with two origins and watches the server check them, live', async ({ page }) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  const origin = await startOrigin();
  const livePort = (origin.address() as AddressInfo).port;
  const spare = await startOrigin();
  const deadPort = (spare.address() as AddressInfo).port;
  await new Promise((resolve) => spare.close(resolve));
  const live = `127.0.0.1:${livePort}`;
  const dead = `127.0.0.1:${deadPort}`;
  try {
    await page.goto(`/origin_policy?groupName=${GROUP}`);
    await page.getByTestId('origin-policy-create').click();
    await page.getByTestId('origin-policy-name').fill('e2e_pool');
    // Each loopback address is flagged as typed (a warning only: this server allows private
    // origins). The warning lengthens its row and moves every button below it, so it is awaited
    // before the next click: a press made as it appears can end off the button (a CI run once
    // pressed "add" and got no second row).
    await page.getByTestId('origin-address-0').fill(live);
    await expect(page.getByTestId('origin-row-0')).toContainText(PRIVATE_WARNING);
    await page.getByTestId('origin-add').click();
    await page.getByTestId('origin-address-1').fill(dead);
    await expect(page.getByTestId('origin-row-1')).toContainText(PRIVATE_WARNING);
    await page.getByTestId('origin-policy-hc-interval').fill('1');
    await page.getByTestId('origin-policy-hc-success').fill('1');
    await page.getByTestId('origin-policy-hc-fail').fill('1');
    await page.getByTestId('origin-policy-submit').click();
    await expect(page.getByTestId('origin-policy-created')).toBeVisible();
    await expect(page.getByTestId('origin-policy-row-e2e_pool')).toBeVisible();

    // No reload from here on: the verdicts arrive over the socket.
    await expect(page.getByTestId(`origin-health-${live}`)).toHaveAttribute('data-health', 'healthy', {
      timeout: 30_000,
    });
    await expect(page.getByTestId(`origin-health-${dead}`)).toHaveAttribute('data-health', 'unhealthy', {
      timeout: 30_000,
    });
    await new Promise((resolve) => origin.close(resolve));
    await expect(page.getByTestId(`origin-health-${live}`)).toHaveAttribute('data-health', 'unhealthy', {
      timeout: 30_000,
    });
    const back = await startOrigin(livePort);
    await expect(page.getByTestId(`origin-health-${live}`)).toHaveAttribute('data-health', 'healthy', {
      timeout: 30_000,
    });
    await new Promise((resolve) => back.close(resolve));
  } finally {
    origin.close();
  }
});

test('previews an uploaded page in a sandbox where its script cannot reach the console or its cookies', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parapet-e2e-page-'));
  const file = path.join(dir, 'maintenance.html');
  writeFileSync(
    file,
    `<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1><p id="probe">script did not run</p>
<script>
  var seen = [];
  try { window.parent.document.title = 'pwned'; seen.push('parent:reached'); } catch (e) { seen.push('parent:blocked'); }
  try { window.top.__pwned = true; seen.push('top:reached'); } catch (e) { seen.push('top:blocked'); }
  try { seen.push('cookie:' + document.cookie); } catch (e) { seen.push('cookie:blocked'); }
  try { localStorage.setItem('pwned', '1'); seen.push('storage:reached'); } catch (e) { seen.push('storage:blocked'); }
  document.getElementById('probe').textContent = seen.join(' ');
</script></body></html>`,
  );
  await page.goto(`/html?groupName=${GROUP}`);
  // The built-in page is there and cannot be deleted.
  await expect(page.getByTestId('html-page-edit-default')).toBeVisible();
  await expect(page.getByTestId('html-page-delete-default')).toHaveCount(0);

  await page.getByTestId('html-page-create').click();
  await page.getByTestId('html-page-name').fill('maintenance');
  await page.getByLabel('HTML file').setInputFiles(file);
  await expect(page.getByTestId('html-page-content')).toHaveValue(/Back soon/);
  await page.getByLabel('Center').check();
  await page.getByTestId('html-page-submit').click();
  await expect(page.getByTestId('html-page-created')).toBeVisible();

  const titleBefore = await page.title();
  await page.getByTestId('html-page-preview-maintenance').click();
  const frameElement = page.getByTestId('html-preview-frame');
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = page.frameLocator('[data-testid="html-preview-frame"]');
  await expect(frame.locator('h1')).toHaveText('Back soon');
  await expect(frame.locator('#parapet-rid')).toContainText('Case ID:');
  // The script ran, but only inside its opaque origin: the console's window, title, cookies
  // and storage were all out of its reach.
  await expect(frame.locator('#probe')).toHaveText('parent:blocked top:blocked cookie:blocked storage:blocked');
  expect(await page.title()).toBe(titleBefore);
  // Evaluated in the console's page (this project's e2e code has no DOM types).
  expect(await page.evaluate('window.__pwned')).toBeUndefined();
  expect(await page.evaluate("localStorage.getItem('pwned')")).toBeNull();
});
