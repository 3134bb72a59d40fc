import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fullAccess, readOnlyAccess } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberOf, renderApp, shellHandlers } from '@/test/render-app';
import { click, DOMAINS, LINE, LINE_PATH, openLine, openTab, renderLine } from './service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('service setting screen', () => {
  it('shows the line with its status, CNAME and tabs', async () => {
    const { sent } = renderLine();
    expect((await openLine()).textContent).toBe('Running');
    expect(screen.getByTestId('page-title').textContent).toBe('shop.example.com');
    expect(screen.getByTestId('service-cname').textContent).toContain(LINE.cnameto);
    expect(screen.getByTestId('tab-read-overview')).toBeTruthy();
    expect(screen.getByTestId('value-domainCount').textContent).toBe('3');
    expect(screen.getByTestId('value-customerPackage').textContent).toBe('resolvegroup-acme');
    expect(sent('GET', LINE_PATH)).toHaveLength(1);
  });

  it('gives every tab its own URL through ?tab=, keeping the group', async () => {
    const { router } = renderLine();
    await openLine();
    await openTab('advanced');
    expect(router.state.location.pathname).toBe('/service/overview/shop.example.com/acme');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('tab')).toBe('advanced');
    expect(search.get('groupName')).toBe('acme');
    await openTab('ssl');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('ssl');
    click('service-back-overview');
    await screen.findByTestId('tab-read-overview');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('overview');
  });

  it('opens the tab the URL names (a reload keeps it)', async () => {
    renderLine('groupName=acme&tab=firewall');
    await openLine();
    expect(await screen.findByTestId('tab-read-firewall')).toBeTruthy();
    expect(within(screen.getByTestId('waf-rules-table')).getByText('block_bots')).toBeTruthy();
  });

  it("offers the group's lines when the URL names none, searching on the server, and opens the one picked", async () => {
    const names = (search: string | null) =>
      ['shop.example.com', 'blog.example.com'].filter((name) => !search || name.includes(search));
    const { router, sent } = renderApp('/service/overview?groupName=acme', {
      ...shellHandlers(memberOf({ acme: readOnlyAccess() })),
      'GET /api/service-lines': ({ query }) => {
        const items = names(query.get('search')).map((appProfileName) => ({
          ...LINE,
          id: `id-${appProfileName}`,
          appProfileName,
        }));
        return json(200, { items, total: items.length });
      },
      [`GET ${LINE_PATH}`]: () => json(200, LINE),
      'GET /api/service-lines/line-1/domains': () => json(200, { items: DOMAINS }),
    });
    expect(await screen.findByTestId('service-overview-choose')).toBeTruthy();
    expect(screen.getByTestId('service-overview-to-list').getAttribute('href')).toBe('/service-lines?groupName=acme');
    const combobox = within(screen.getByTestId('service-overview-picker')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    await screen.findByTestId('line-option-blog.example.com');
    fireEvent.change(combobox, { target: { value: 'shop' } });
    await waitFor(() => expect(screen.queryByTestId('line-option-blog.example.com')).toBeNull());
    expect(sent('GET', '/api/service-lines').at(-1)?.query.get('groupName')).toBe('acme');
    expect(sent('GET', '/api/service-lines').at(-1)?.query.get('search')).toBe('shop');
    fireEvent.click(await screen.findByTestId('line-option-shop.example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/overview/shop.example.com/acme'));
    expect(router.state.location.search).toBe('?groupName=acme');
    expect((await openLine()).textContent).toBe('Running');
  });

  it('says the group has no lines yet, with the way to create one for a writer', async () => {
    const noLines = { 'GET /api/service-lines': () => json(200, { items: [], total: 0 }) };
    renderApp('/service/overview?groupName=acme', { ...shellHandlers(memberOf({ acme: fullAccess() })), ...noLines });
    expect((await screen.findByTestId('service-overview-no-lines')).textContent).toContain(
      'This group has no service lines yet.',
    );
    expect(screen.getByTestId('service-overview-create').getAttribute('href')).toBe(
      '/service-lines/create?groupName=acme',
    );
  });

  it('says so when the line does not exist', async () => {
    renderLine('groupName=acme', {
      [`GET ${LINE_PATH}`]: () => json(404, { code: 'NOT_FOUND', message: 'Not found.' }),
    });
    expect((await screen.findByTestId('service-overview-not-found')).textContent).toContain(
      'There is no service line shop.example.com in group acme',
    );
  });

  it('shows no edit or write actions without write permission', async () => {
    renderLine('groupName=acme&tab=advanced', {}, readOnlyAccess());
    await screen.findByTestId('tab-read-advanced');
    expect(screen.queryByTestId('tab-edit-advanced')).toBeNull();
    expect(screen.queryByTestId('purge-cache')).toBeNull();
    expect(screen.getByTestId('check-cname')).toBeTruthy();
  });

  it('checks the CNAME of each domain', async () => {
    const { sent } = renderLine('groupName=acme', {
      'POST /api/validate/checkcname': () =>
        json(200, {
          target: LINE.cnameto,
          results: [
            { domain: 'www.shop.example.com', cname: LINE.cnameto, ok: true, error: null },
            { domain: 'api.shop.example.com', cname: 'elsewhere.example.org', ok: false, error: null },
            { domain: 'img.shop.example.com', cname: null, ok: false, error: 'no_cname' },
          ],
        }),
    });
    await openLine();
    click('check-cname');
    expect((await screen.findByTestId('check-cname-target')).textContent).toContain(LINE.cnameto);
    expect(sent('POST', '/api/validate/checkcname')[0]?.body).toEqual({
      groupName: 'acme',
      appProfileName: 'shop.example.com',
    });
    const ok = screen.getByTestId('cname-result-www.shop.example.com');
    expect(ok.getAttribute('data-ok')).toBe('true');
    expect(ok.textContent).toContain('OK');
    const wrong = screen.getByTestId('cname-result-api.shop.example.com');
    expect(wrong.getAttribute('data-ok')).toBe('false');
    expect(wrong.textContent).toContain('elsewhere.example.org');
    expect(wrong.textContent).toContain('Not pointed here');
    expect(screen.getByTestId('cname-result-img.shop.example.com').textContent).toContain(
      'The domain has no CNAME record.',
    );
  });

  it('clears the cache by path, or everything when the path is empty', async () => {
    const { sent } = renderLine('groupName=acme', {
      'POST /api/service-lines/line-1/purge': () => json(200, { taskNo: 't-9' }),
    });
    await openLine();
    click('purge-cache');
    await screen.findByTestId('service-line-purge-path');
    click('service-line-purge-submit');
    await screen.findByTestId('confirm-ok');
    click('confirm-ok');
    await screen.findByTestId('service-line-purged');
    expect(sent('POST', '/api/service-lines/line-1/purge')[0]?.body).toEqual({ paths: [] });
  });

  it('lists the domains with their count', async () => {
    renderLine('groupName=acme&tab=domains');
    await screen.findByTestId('domain-row-www.shop.example.com');
    expect(screen.getByTestId('domains-count').textContent).toBe(`${DOMAINS.length} domains`);
    expect(within(screen.getByTestId('domains-table')).getAllByRole('row')).toHaveLength(DOMAINS.length + 1);
  });
});
