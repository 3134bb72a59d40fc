import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fullAccess, type RolePermissions } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/render-app';
import { click, confirmContent, confirmTitle, DOMAINS, renderLine, type } from '../setting/service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const openDomains = (handlers: Parameters<typeof renderLine>[1] = {}, role?: RolePermissions) => {
  const rendered = renderLine('groupName=acme&tab=domains', handlers, role);
  return screen.findByTestId('domain-row-www.shop.example.com').then(() => rendered);
};
const tick = (domain: string) =>
  fireEvent.click(within(screen.getByTestId(`domain-row-${domain}`)).getByRole('checkbox'));

describe('domains tab', () => {
  it('deletes the selected domains after a confirmation that counts them', async () => {
    const { sent } = await openDomains({
      'POST /api/service-lines/line-1/domains/bulk-delete': () => json(200, { taskNo: 'task-7' }),
    });
    expect((screen.getByTestId('domains-bulk-delete') as HTMLButtonElement).disabled).toBe(true);
    tick('www.shop.example.com');
    // A click anywhere on a row ticks it too.
    fireEvent.click(within(screen.getByTestId('domain-row-api.shop.example.com')).getByText('api.shop.example.com'));
    await waitFor(() => expect((screen.getByTestId('domains-bulk-delete') as HTMLButtonElement).disabled).toBe(false));
    click('domains-bulk-delete');
    expect(await confirmTitle()).toBe('Are you sure want to delete?');
    expect(confirmContent()).toBe('2 domains will be deleted.');
    click('confirm-ok');
    await screen.findByTestId('domains-deleted');
    expect(sent('POST', '/api/service-lines/line-1/domains/bulk-delete')[0]?.body).toEqual({
      domains: ['www.shop.example.com', 'api.shop.example.com'],
    });
  });

  it('says why the server refused a delete', async () => {
    await openDomains({
      'POST /api/service-lines/line-1/domains/bulk-delete': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: { domains: 'last_domain' } }),
    });
    tick('img.shop.example.com');
    click('domains-bulk-delete');
    expect(await confirmTitle()).toBe('Are you sure want to delete?');
    expect(confirmContent()).toBe('1 domain will be deleted.');
    click('confirm-ok');
    expect((await screen.findByTestId('toast-api-error')).textContent).toContain(
      'A service line keeps at least one domain.',
    );
  });

  it('clears the cache of the selected domains', async () => {
    const { sent } = await openDomains({
      'POST /api/service-lines/line-1/purge': () => json(200, { taskNo: 'task-8' }),
    });
    tick('www.shop.example.com');
    tick('img.shop.example.com');
    click('domains-bulk-purge');
    expect(await confirmTitle()).toBe('Are you sure want to proceed?');
    expect(confirmContent()).toBe('The cache of 2 domains will be cleared.');
    click('confirm-ok');
    await screen.findByTestId('purge-started');
    expect(sent('POST', '/api/service-lines/line-1/purge')[0]?.body).toEqual({
      paths: [],
      domains: ['www.shop.example.com', 'img.shop.example.com'],
    });
  });

  it('gives the selected domains one description', async () => {
    const { sent } = await openDomains({
      'POST /api/service-lines/line-1/domains/bulk-edit': () => json(200, { ok: true }),
    });
    tick('api.shop.example.com');
    click('domains-bulk-edit');
    expect(await screen.findByText('Edit the description of 1 domain')).toBeTruthy();
    type('domains-edit-description', 'API');
    click('domains-edit-submit');
    await screen.findByText('Are you sure want to proceed?', { selector: '.ant-modal-confirm-title' });
    expect(sent('POST', '/api/service-lines/line-1/domains/bulk-edit')).toHaveLength(0);
    click('confirm-ok');
    await screen.findByTestId('domains-updated');
    expect(sent('POST', '/api/service-lines/line-1/domains/bulk-edit')[0]?.body).toEqual({
      domains: ['api.shop.example.com'],
      description: 'API',
    });
  });

  it('pages a long list ten at a time, with "Showing X to Y of Z entries" (spec §2 Tables)', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...DOMAINS[0]!, domain: `d${i + 1}.shop.example.com` }));
    renderLine('groupName=acme&tab=domains', {
      'GET /api/service-lines/line-1/domains': () => json(200, { items: many }),
    });
    await screen.findByTestId('domain-row-d1.shop.example.com');
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeTruthy();
    expect(screen.queryByTestId('domain-row-d11.shop.example.com')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByTestId('domain-row-d11.shop.example.com');
    expect(screen.getByText('Showing 11 to 12 of 12 entries')).toBeTruthy();
  });

  it('adds domains one per line, refusing a bad one first', async () => {
    const { sent } = await openDomains({
      'POST /api/table/rcm-nginxconfigs/update/create': () => json(200, { taskNo: 'task-9' }),
    });
    click('domain-add');
    await screen.findByTestId('domain-add-domains');
    type('domain-add-domains', 'blog.shop.example.com\nnot a domain');
    click('domain-add-submit');
    expect(await screen.findByText('not a domain: Invalid domain.')).toBeTruthy();
    type('domain-add-domains', 'blog.shop.example.com\nShop.Example.org');
    type('domain-add-description', 'new');
    click('domain-add-submit');
    await screen.findByTestId('domains-added');
    expect(sent('POST', '/api/table/rcm-nginxconfigs/update/create')[0]?.body).toEqual({
      groupName: 'acme',
      appProfileName: 'shop.example.com',
      servername: ['blog.shop.example.com', 'shop.example.org'],
      description: 'new',
    });
  });

  it('hides add, edit and delete without the domains write, keeping clear cache for the cache rules write', async () => {
    const role = {
      ...fullAccess(),
      serviceLines: { read: true, write: true, children: { domains: { read: true, write: false } } },
    };
    const { sent } = await openDomains(
      { 'POST /api/service-lines/line-1/purge': () => json(200, { taskNo: 'task-8' }) },
      role,
    );
    expect(screen.queryByTestId('domain-add')).toBeNull();
    expect(screen.queryByTestId('domains-bulk-delete')).toBeNull();
    expect(screen.queryByTestId('domains-bulk-edit')).toBeNull();
    expect(screen.getByTestId('tab-readonly-domains').textContent).toBe('Read only');
    tick('www.shop.example.com');
    click('domains-bulk-purge');
    await screen.findByTestId('confirm-ok');
    click('confirm-ok');
    await screen.findByTestId('purge-started');
    expect(sent('POST', '/api/service-lines/line-1/purge')[0]?.body).toEqual({
      paths: [],
      domains: ['www.shop.example.com'],
    });
  });

  it('offers no action and no ticking with neither the domains nor the cache rules write', async () => {
    const children = { domains: { read: true, write: false }, cacheRules: { read: true, write: false } };
    await openDomains({}, { ...fullAccess(), serviceLines: { read: true, write: true, children } });
    expect(screen.queryByTestId('domains-bulk-purge')).toBeNull();
    expect(screen.queryByTestId('domain-add')).toBeNull();
    expect(within(screen.getByTestId('domains-table')).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByTestId('tab-readonly-domains')).toBeTruthy();
  });
});
