import { fireEvent, screen } from '@testing-library/react';
import { fullAccess, type Cert } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SHOP: Cert = {
  id: 'id-shop',
  groupName: 'acme',
  keypairname: 'shop',
  commonName: 'shop.example.com',
  issuerCommonName: 'Test CA',
  san: ['shop.example.com'],
  validityStart: 1_700_000_000_000,
  validityEnd: 1_800_000_000_000,
  expiredDays: 200,
  emailAddress: null,
  chainLength: 1,
  pem: '-----BEGIN CERTIFICATE-----',
  pemFileName: null,
  keyFileName: null,
  usedBy: ['shop.line'],
  status: 'Running',
  lastError: null,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 1,
};

const NOT_COVERING = {
  code: 'CERT_NOT_COVERING',
  message: 'x',
  details: { uncovered: [{ appProfileName: 'shop.line', domains: ['shop.example.com', 'www.shop.example.com'] }] },
};
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const PEM = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----';

const renderCerts = (handlers: ApiHandlers) =>
  renderApp('/certs?groupName=acme', {
    ...shellHandlers(memberOf({ acme: fullAccess() })),
    'GET /api/certs': () => json(200, { items: [SHOP], total: 1 }),
    ...handlers,
  });

/** Up to the question: a replacement reaches its lines at once, so it is asked first (spec §6). */
async function submitReplacement() {
  await screen.findByTestId('cert-edit-shop');
  click('cert-edit-shop');
  await screen.findByTestId('cert-pem-text');
  type('cert-pem-text', PEM);
  type('cert-key-text', KEY);
  click('cert-submit');
  await screen.findByText('Are you sure want to proceed?', { selector: '.ant-modal-confirm-title' });
}

async function replaceShop() {
  await submitReplacement();
  click('confirm-ok');
}

describe('replacing a certificate that no longer covers its lines', () => {
  it('asks, naming the uncovered domains per line; Cancel sends nothing more', async () => {
    const { sent } = renderCerts({ 'PUT /api/certs/id-shop': () => json(409, NOT_COVERING) });
    await replaceShop();
    const dialog = await screen.findByTestId('uncovered-confirm');
    expect(screen.getByTestId('uncovered-line-shop.line').textContent).toBe(
      'shop.line: shop.example.com, www.shop.example.com',
    );
    expect(dialog.textContent).toContain('Use this certificate anyway?');
    click('uncovered-confirm-cancel');
    // happy-dom never ends the dialog's leave animation, so give a resend the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent('PUT', '/api/certs/id-shop')).toHaveLength(1);
    expect(sent('PUT', '/api/certs/id-shop')[0]?.body).not.toHaveProperty('confirmUncovered');
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
    // The form stays open with what was entered.
    expect((screen.getByTestId('cert-pem-text') as HTMLTextAreaElement).value).toBe(PEM);
  });

  it('on OK sends the same replacement again, confirmed, and says it was updated', async () => {
    const { sent } = renderCerts({
      'PUT /api/certs/id-shop': (call) =>
        (call.body as { confirmUncovered?: boolean }).confirmUncovered
          ? json(200, { ...SHOP, commonName: 'other.example.com', version: 2, status: 'Deploying' })
          : json(409, NOT_COVERING),
    });
    await replaceShop();
    await screen.findByTestId('uncovered-confirm');
    click('uncovered-confirm-ok');
    await screen.findByTestId('cert-updated');
    const puts = sent('PUT', '/api/certs/id-shop');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({ pem: PEM, key: KEY, version: 1, confirmUncovered: true });
  });
});

describe('replacing a certificate', () => {
  it('asks "Are you sure want to proceed?" first; Cancel sends nothing', async () => {
    const { sent } = renderCerts({ 'PUT /api/certs/id-shop': () => json(200, { ...SHOP, version: 2 }) });
    await submitReplacement();
    const confirmButtons = document.querySelectorAll('.ant-modal-confirm-btns button');
    expect(confirmButtons[0]?.textContent).toBe('Cancel');
    fireEvent.click(confirmButtons[0] as Element);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent('PUT', '/api/certs/id-shop')).toHaveLength(0);
  });
});

describe('uploading a certificate', () => {
  it('says "Failed to create. Please try again" when the server fails', async () => {
    renderCerts({ 'POST /api/certs': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    await screen.findByTestId('cert-upload');
    click('cert-upload');
    await screen.findByTestId('cert-name');
    type('cert-name', 'site');
    type('cert-pem-text', PEM);
    type('cert-key-text', KEY);
    click('cert-submit');
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
  });

  it("keeps the code's own message for a refusal that is the user's to fix", async () => {
    renderCerts({ 'POST /api/certs': () => json(403, { code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' }) });
    await screen.findByTestId('cert-upload');
    click('cert-upload');
    await screen.findByTestId('cert-name');
    type('cert-name', 'site');
    type('cert-pem-text', PEM);
    type('cert-key-text', KEY);
    click('cert-submit');
    expect((await screen.findByTestId('toast-api-error')).textContent).toContain('Exceed Quota');
    expect(screen.queryByTestId('toast-create-failed')).toBeNull();
  });
});
