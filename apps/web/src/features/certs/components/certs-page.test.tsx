import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CERT_EXPIRY_WARNING_DAYS, fullAccess, readOnlyAccess, type Cert } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, enterCreatedBy, filterParams, goToPage, pickCreatedRange } from '@/test/filter-steps';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const cert = (keypairname: string, expiredDays: number, extra: Partial<Cert> = {}): Cert => ({
  id: `id-${keypairname}`,
  groupName: 'acme',
  keypairname,
  commonName: `${keypairname}.example.com`,
  issuerCommonName: 'Test CA',
  san: [`${keypairname}.example.com`],
  validityStart: 1_700_000_000_000,
  validityEnd: 1_800_000_000_000,
  expiredDays,
  emailAddress: null,
  chainLength: 1,
  pem: '-----BEGIN CERTIFICATE-----',
  pemFileName: null,
  keyFileName: null,
  usedBy: [],
  status: 'Running',
  lastError: null,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 1,
  ...extra,
});

const CERTS = [cert('fresh', 200), cert('soon', 12, { usedBy: ['shop'] }), cert('old', -3)];
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const renderCerts = (handlers: ApiHandlers = {}, role = fullAccess()) =>
  renderApp('/certs?groupName=acme', {
    ...shellHandlers(memberOf({ acme: role })),
    'GET /api/certs': () => json(200, { items: CERTS, total: CERTS.length }),
    ...handlers,
  });
const headers = () =>
  new Set(
    within(screen.getByTestId('certs-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  );
const openList = () => screen.findByTestId('cert-log-fresh');
const activePage = () => document.querySelector('.ant-pagination-item-active')?.textContent;

describe('certificates screen', () => {
  it('lists the group\'s certificates with expiry tags and "showing X to Y of Z"', async () => {
    const { sent } = renderCerts();
    await openList();
    expect(sent('GET', '/api/certs')[0]?.query.get('groupName')).toBe('acme');
    expect(screen.getByTestId('cert-expiry-fresh').getAttribute('data-kind')).toBeNull();
    expect(screen.getByTestId('cert-expiry-soon').getAttribute('data-kind')).toBe('warning');
    expect(screen.getByTestId('cert-expiry-old').getAttribute('data-kind')).toBe('expired');
    expect(screen.getByTestId('cert-expiry-old').textContent).toBe('Expired');
    expect(within(screen.getByTestId('certs-table')).getByText('shop')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeTruthy();
    expect(screen.getByTestId('cert-upload')).toBeTruthy();
  });

  it('hides write actions without certificates write permission', async () => {
    renderCerts({}, readOnlyAccess());
    await openList();
    expect(screen.queryByTestId('cert-upload')).toBeNull();
    expect(screen.queryByTestId('cert-edit-fresh')).toBeNull();
    expect(screen.queryByTestId('cert-delete-fresh')).toBeNull();
  });

  it("shows the server's key_mismatch under the key field", async () => {
    const { sent } = renderCerts({
      'POST /api/certs': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'bad', fields: { key: 'key_mismatch' } }),
    });
    await openList();
    click('cert-upload');
    await screen.findByTestId('cert-name');
    type('cert-name', 'site');
    type('cert-pem-text', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----');
    type('cert-key-text', '-----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----');
    click('cert-submit');
    expect(await screen.findByText('The private key does not belong to this certificate.')).toBeTruthy();
    expect(sent('POST', '/api/certs')[0]?.body).toMatchObject({ groupName: 'acme', keypairname: 'site' });
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });

  it('reads a chosen PEM file into the text, with no upload request', async () => {
    const { calls } = renderCerts();
    await openList();
    click('cert-upload');
    await screen.findByTestId('cert-name');
    const input = screen.getByTestId('cert-pem-file');
    const fileInput = input.tagName === 'INPUT' ? input : (input.querySelector('input[type=file]') as HTMLElement);
    const before = calls.length;
    fireEvent.change(fileInput, {
      target: {
        files: [new File(['-----BEGIN CERTIFICATE-----\nCCCC'], 'site.pem', { type: 'application/x-pem-file' })],
      },
    });
    await waitFor(() => expect((screen.getByTestId('cert-pem-text') as HTMLTextAreaElement).value).toContain('CCCC'));
    expect(screen.getByText('From file site.pem')).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it('deletes after "Are you sure want to delete?"', async () => {
    const { sent } = renderCerts({ 'DELETE /api/certs/id-old': () => json(200, { ok: true }) });
    await openList();
    click('cert-delete-old');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    await screen.findByTestId('cert-deleted');
    expect(sent('DELETE', '/api/certs/id-old')).toHaveLength(1);
  });

  it('says "Failed to delete. Please try again" when the server fails the delete, and keeps the row', async () => {
    renderCerts({ 'DELETE /api/certs/id-old': () => json(500, { code: 'INTERNAL', message: 'boom' }) });
    await openList();
    click('cert-delete-old');
    click('confirm-ok');
    expect((await screen.findByTestId('toast-delete-failed')).textContent).toBe('Failed to delete. Please try again');
    expect(screen.getByTestId('cert-delete-old')).toBeTruthy();
  });

  it('names the service lines that use a certificate it may not delete', async () => {
    renderCerts({
      'DELETE /api/certs/id-soon': () =>
        json(409, { code: 'IN_USE', message: 'is used by service', usedBy: ['shop', 'blog'] }),
    });
    await openList();
    click('cert-delete-soon');
    click('confirm-ok');
    expect((await screen.findByTestId('cert-in-use')).textContent).toContain('soon is used by service: shop, blog');
  });

  it('marks a certificate whose last deployment failed', async () => {
    renderCerts({
      'GET /api/certs': () =>
        json(200, {
          items: [
            cert('broken', 90, { lastError: 'The edge could not apply the change (EACCES).' }),
            cert('busy', 90, { status: 'Deploying' }),
          ],
          total: 2,
        }),
    });
    await screen.findByTestId('cert-status-broken');
    expect(screen.getByTestId('cert-status-broken').className).toContain('orange');
    expect(screen.getByTestId('cert-status-busy').textContent).toBe('Deploying');
  });

  it('keeps the column choice in userSelectedColumns.cert', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ origin: ['x'] }));
    renderCerts();
    await openList();
    expect(headers().has('Issuer')).toBe(true);
    click('column-selector');
    const issuer = await screen.findByTestId('column-selector-issuer');
    fireEvent.click(issuer.tagName === 'INPUT' ? issuer : within(issuer).getByRole('checkbox'));
    await waitFor(() => expect(headers().has('Issuer')).toBe(false));
    expect(headers().has('Common name')).toBe(true);
    const stored = JSON.parse(localStorage.getItem('parapet.userSelectedColumns') ?? '{}') as Record<string, string[]>;
    expect(stored.origin).toEqual(['x']);
    expect(stored.cert).not.toContain('issuer');
    expect(stored.cert).toContain('commonName');
  });

  it('reads the stored column choice', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ cert: ['commonName'] }));
    renderCerts();
    await openList();
    expect(headers().has('Common name')).toBe(true);
    expect(headers().has('Issuer')).toBe(false);
    expect(headers().has('Used by')).toBe(false);
  });

  it('filters by expiry, status, creator and creation dates from page 1, and Reset clears them', async () => {
    // A filtered call answers only the expired one, so the screen shows which list it holds.
    const { sent, queryClient } = renderCerts({
      'GET /api/certs': ({ query }) => json(200, { items: query.has('expiry') ? [cert('old', -3)] : CERTS, total: 25 }),
    });
    await openList();
    const lastQuery = () => sent('GET', '/api/certs').at(-1)?.query;
    const filters = () => filterParams(lastQuery(), ['status', 'createdBy', 'createdFrom', 'createdTo', 'expiry']);
    await goToPage(2, lastQuery);

    await chooseOption('filter-expiry', 'expired');
    await waitFor(() => expect(filters()).toEqual({ expiry: 'expired' }));
    expect(lastQuery()?.get('page')).toBe('1');
    expect(lastQuery()?.get('groupName')).toBe('acme');
    // Straight to page 1: the filtered list's page 2 is never asked for.
    expect(sent('GET', '/api/certs').filter((c) => c.query.has('expiry') && c.query.get('page') !== '1')).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('cert-log-fresh')).toBeNull());
    // List keys are ['certs', group, 'list', query] (lib/query-keys).
    const listKeys = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['certs'], type: 'active' })
        .map((q) => q.queryKey.at(-1));
    expect(listKeys()).toEqual([expect.objectContaining({ page: 1, filters: { expiry: 'expired' } })]);

    await chooseOption('filter-status', 'Deploying');
    enterCreatedBy('ada');
    const range = pickCreatedRange(2, 5);
    await waitFor(() =>
      expect(filters()).toEqual({
        expiry: 'expired',
        status: 'Deploying',
        createdBy: 'ada',
        createdFrom: String(range.createdFrom),
        createdTo: String(range.createdTo),
      }),
    );

    await goToPage(2, lastQuery);
    click('filter-reset');
    // Back to the unfiltered first page, which the cache still holds fresh.
    expect(await screen.findByTestId('cert-log-fresh')).toBeTruthy();
    expect(activePage()).toBe('1');
    expect((screen.getByTestId('filter-created-by') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('filter-expiry').textContent).toBe('Expiry');
    expect(listKeys()).toEqual([expect.objectContaining({ page: 1, filters: {} })]);
  });

  it('offers the expiry choices with the warning window in days', async () => {
    renderCerts();
    await openList();
    fireEvent.mouseDown(within(screen.getByTestId('filter-expiry')).getByRole('combobox'));
    expect((await screen.findByTestId('filter-expiry-expiring')).textContent).toBe(
      `Expiring within ${CERT_EXPIRY_WARNING_DAYS} days`,
    );
    expect(screen.getByTestId('filter-expiry-valid').textContent).toBe('Valid');
    expect(screen.getByTestId('filter-expiry-expired').textContent).toBe('Expired');
  });
});
