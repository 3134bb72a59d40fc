import { fireEvent, screen, waitFor } from '@testing-library/react';
import { readOnlyAccess } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/render-app';
import { click, line, renderLines, type } from './service-lines.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LINES = [
  line('shop.example', { servername: ['shop.example.com', 'www.shop.example.com', 'm.shop.example.com'] }),
  line('blog.example', { status: 'Deploying', lastError: 'The edge could not apply the change.' }),
  line('old.example', { status: 'Deleting' }),
];
const list = (handlers = {}, role?: Parameters<typeof renderLines>[2]) =>
  renderLines(
    '/service-lines?groupName=acme',
    { 'GET /api/service-lines': () => json(200, { items: LINES, total: 23 }), ...handlers },
    role,
  );
const openList = () => screen.findByTestId('service-line-row-shop.example');

describe('service lines list', () => {
  it('shows each line with its status, domains, CNAME and link, the usage and "showing X to Y of Z"', async () => {
    const { sent } = list();
    await openList();
    expect(sent('GET', '/api/service-lines')[0]?.query.get('groupName')).toBe('acme');
    expect(screen.getByTestId('service-line-status-shop.example').textContent).toBe('Running');
    expect(screen.getByTestId('service-line-status-shop.example').className).toContain('green');
    expect(screen.getByTestId('service-line-status-blog.example').textContent).toBe('Deploying');
    expect(screen.getByTestId('service-line-status-old.example').textContent).toBe('Deleting');
    expect(screen.getByTestId('service-line-status-old.example').className).toContain('red');
    expect(screen.getByTestId('service-line-error-blog.example').textContent).toContain(
      'The edge could not apply the change.',
    );
    const domains = screen.getByTestId('service-line-domains-shop.example').textContent;
    expect(domains).toContain('3 domains');
    expect(domains).toContain('www.shop.example.com');
    expect(domains).toContain('+1 more');
    expect(screen.getByTestId('service-line-cname-shop.example').textContent).toBe('shop-example.cdn.parapet.test');
    expect(screen.getByTestId('service-line-link-shop.example').getAttribute('href')).toBe(
      '/service/overview/shop.example/acme',
    );
    expect(screen.getByText('Showing 1 to 10 of 23 entries')).toBeTruthy();
    expect(screen.getByTestId('service-lines-usage').textContent).toBe('Service lines used: 2 / 50');
    expect(screen.getByTestId('service-line-create')).toBeTruthy();
  });

  it('shows how many of each line’s firewall rules are switched on', async () => {
    const usedWafRules = [
      { value: 'a', isEnabled: true },
      { value: 'b', isEnabled: false },
      { value: 'c', isEnabled: true },
    ];
    list({
      'GET /api/service-lines': () =>
        json(200, { items: [line('shop.example', { usedWafRules }), LINES[1]], total: 2 }),
    });
    await openList();
    expect(screen.getByTestId('service-line-waf-rules-shop.example').textContent).toBe('2 enabled');
    expect(screen.getByTestId('service-line-waf-rules-blog.example').textContent).toBe('0 enabled');
  });

  it('searches by line or domain from page 1 and asks for the chosen page', async () => {
    const { sent } = list();
    await openList();
    const last = () => sent('GET', '/api/service-lines').at(-1)?.query;
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(last()?.get('page')).toBe('2'));
    const search =
      screen.getByTestId('service-lines-search').querySelector('input') ?? screen.getByTestId('service-lines-search');
    fireEvent.change(search, { target: { value: 'www.shop' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(last()?.get('search')).toBe('www.shop'));
    expect(last()?.get('page')).toBe('1');
  });

  it('shows the no-data state', async () => {
    list({ 'GET /api/service-lines': () => json(200, { items: [], total: 0 }) });
    expect(await screen.findByTestId('service-lines-empty')).toBeTruthy();
  });

  it('hides create, clear cache and delete without write permission', async () => {
    list({}, readOnlyAccess());
    await openList();
    expect(screen.queryByTestId('service-line-create')).toBeNull();
    expect(screen.queryByTestId('service-line-delete-shop.example')).toBeNull();
    expect(screen.queryByTestId('service-line-purge-shop.example')).toBeNull();
  });

  it('deletes only a Running line, and only once its name is typed', async () => {
    const { sent } = list({ 'DELETE /api/service-lines/id-shop.example': () => json(200, { taskNo: 't-1' }) });
    await openList();
    expect((screen.getByTestId('service-line-delete-blog.example') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('service-line-delete-old.example') as HTMLButtonElement).disabled).toBe(true);
    click('service-line-delete-shop.example');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    const ok = () => screen.getByTestId('confirm-ok') as HTMLButtonElement;
    expect(ok().disabled).toBe(true);
    type('service-line-delete-confirm-name', 'shop.exampl');
    expect(ok().disabled).toBe(true);
    type('service-line-delete-confirm-name', 'shop.example');
    await waitFor(() => expect(ok().disabled).toBe(false));
    click('confirm-ok');
    expect((await screen.findByTestId('service-line-deleted')).textContent).toContain('Delete Successful');
    expect(sent('DELETE', '/api/service-lines/id-shop.example')).toHaveLength(1);
  });

  it('says "Failed to delete. Please try again" when the server fails the delete', async () => {
    list({ 'DELETE /api/service-lines/id-shop.example': () => json(503, { code: 'STORE_UNAVAILABLE', message: 'x' }) });
    await openList();
    click('service-line-delete-shop.example');
    await screen.findByTestId('service-line-delete-confirm-name');
    type('service-line-delete-confirm-name', 'shop.example');
    await waitFor(() => expect((screen.getByTestId('confirm-ok') as HTMLButtonElement).disabled).toBe(false));
    click('confirm-ok');
    expect((await screen.findByTestId('toast-delete-failed')).textContent).toBe('Failed to delete. Please try again');
    expect(screen.queryByTestId('service-line-deleted')).toBeNull();
  });

  it('says the line is already deploying when the answer has an empty taskNo', async () => {
    list({ 'DELETE /api/service-lines/id-shop.example': () => json(200, { taskNo: '' }) });
    await openList();
    click('service-line-delete-shop.example');
    await screen.findByTestId('service-line-delete-confirm-name');
    type('service-line-delete-confirm-name', 'shop.example');
    click('confirm-ok');
    expect((await screen.findByTestId('service-line-already-deploying')).textContent).toContain(
      'Service Line is already deploying. Please try again later.',
    );
    expect(screen.queryByTestId('service-line-deleted')).toBeNull();
  });

  it('clears the cache of one path, or of everything when the path is empty', async () => {
    const { sent } = list({ 'POST /api/service-lines/id-shop.example/purge': () => json(200, { taskNo: 't-2' }) });
    await openList();
    click('service-line-purge-shop.example');
    await screen.findByTestId('service-line-purge-path');
    type('service-line-purge-path', '/images/a b');
    click('service-line-purge-submit');
    expect(await screen.findByText('Spaces are not allowed.')).toBeTruthy();
    type('service-line-purge-path', '/images/*');
    click('service-line-purge-submit');
    await screen.findByTestId('confirm-ok');
    expect(screen.getAllByText('Are you sure want to proceed?').length).toBeGreaterThan(0);
    click('confirm-ok');
    await screen.findByTestId('service-line-purged');
    expect(sent('POST', '/api/service-lines/id-shop.example/purge')[0]?.body).toEqual({ paths: ['/images/*'] });

    click('service-line-purge-shop.example');
    await screen.findByTestId('service-line-purge-path');
    click('service-line-purge-submit');
    expect(await screen.findByText('Clear all cached content of shop.example.')).toBeTruthy();
    // The first confirmation may still be leaving: the newest OK is this one's.
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement);
    await waitFor(() => expect(sent('POST', '/api/service-lines/id-shop.example/purge')).toHaveLength(2));
    expect(sent('POST', '/api/service-lines/id-shop.example/purge')[1]?.body).toEqual({ paths: [] });
  });
});
