import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { makeCertificate } from './fixtures/certificate';
import { DEPLOYED_WITHIN_MS, DEPLOYING_TEST_TIMEOUT_MS } from './fixtures/deploy';
import { test } from './fixtures/admin-session';

// Issue 11 item 7: a certificate used by shop.example.com replaced by one for
// other.example.com was taken silently. Now the console names the domain it would leave
// uncovered and replaces only on OK.
const GROUP = 'default';
const CSRF = { 'x-requested-with': 'parapet' };

const fileInput = (page: Page, testId: string) =>
  page.locator(`input[type=file][data-testid="${testId}"], [data-testid="${testId}"] input[type=file]`).first();

/** Waits until the certificate's deployment has ended (a replace is refused while it runs). */
async function waitRunning(page: Page, name: string) {
  await expect(page.getByTestId(`cert-status-${name}`)).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
}

test('replacing a certificate with one that no longer covers its line asks first, naming the domain', async ({
  page,
}) => {
  test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
  const shop = makeCertificate('shop.example.com');
  const other = makeCertificate('other.example.com');

  // The certificate, uploaded through the console.
  await page.goto(`/certs?groupName=${GROUP}`);
  await page.getByTestId('cert-upload').click();
  await page.getByTestId('cert-name').fill('e2e_cover');
  await fileInput(page, 'cert-pem-file').setInputFiles(shop.pem);
  await fileInput(page, 'cert-key-file').setInputFiles(shop.key);
  await page.getByTestId('cert-submit').click();
  await expect(page.getByTestId('cert-uploaded')).toBeVisible();
  await waitRunning(page, 'e2e_cover');

  // A line terminating TLS for shop.example.com with it, made through the console's own call.
  const made = await page.request.post('/api/table/rcm-app-profiles/update/create', {
    headers: CSRF,
    data: {
      groupName: GROUP,
      appProfileName: 'e2e.cover',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: '127.0.0.1' }],
      scheme: ['http', 'https'],
      useSystemCert: false,
      keypairname: 'e2e_cover',
    },
  });
  expect(made.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('certs-table')).toContainText('e2e.cover');
  await waitRunning(page, 'e2e_cover');

  // Replace it with one for other.example.com: the dialog names shop.example.com and its line.
  await page.getByTestId('cert-edit-e2e_cover').click();
  await page.getByTestId('cert-pem-text').fill(readFileSync(other.pem, 'utf8'));
  await page.getByTestId('cert-key-text').fill(readFileSync(other.key, 'utf8'));
  await page.getByTestId('cert-submit').click();
  // An edit is asked first (spec §6); then the server finds the domain left uncovered.
  await page.getByTestId('confirm-ok').click();
  const dialog = page.getByTestId('uncovered-confirm');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('uncovered-line-e2e.cover')).toHaveText('e2e.cover: shop.example.com');

  // Cancel changes nothing; the form stays open with the new files.
  await page.getByTestId('uncovered-confirm-cancel').click();
  await expect(dialog).toBeHidden();
  const stored = async () =>
    (await (await page.request.get(`/api/certs?groupName=${GROUP}`)).json()).items.find(
      (c: { keypairname: string }) => c.keypairname === 'e2e_cover',
    );
  expect(await stored()).toMatchObject({ commonName: 'shop.example.com', version: 1 });

  // OK replaces.
  await page.getByTestId('cert-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('uncovered-confirm-ok').click();
  await expect(page.getByTestId('cert-updated')).toBeVisible();
  await expect(page.getByTestId('certs-table')).toContainText('other.example.com');
  expect(await stored()).toMatchObject({ commonName: 'other.example.com', version: 2 });
});
