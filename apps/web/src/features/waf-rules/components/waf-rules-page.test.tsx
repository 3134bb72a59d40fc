import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readOnlyAccess } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, enterCreatedBy, filterParams, pickCreatedRange } from '@/test/filter-steps';
import { json } from '@/test/render-app';
import { click, headers, limits, openList, renderRules, RULES } from './waf-rules.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('firewall rules list', () => {
  it('shows the default columns, the true count of the plan, status, usage and "showing X to Y of Z"', async () => {
    const { sent } = renderRules();
    await openList();
    expect(sent('GET', '/api/waf-rules')[0]?.query.get('groupName')).toBe('acme');
    expect(headers()).toEqual([
      'Group',
      'Rule Name',
      'Action',
      'Source IP',
      'Request Rate',
      'Not Source IP',
      'Usage',
      'Description',
      'Status',
      'Log',
      'Actions',
    ]);
    expect((await screen.findByTestId('waf-rules-quota')).textContent).toBe('You have created 2 of 20 Firewall Rules');
    expect(screen.getByTestId('waf-rule-action-block_bad').textContent).toBe('Deny');
    // Three entries of a list show; the rest are a hover or a Tab away (a button, a tab stop).
    const ips = screen.getByTestId('waf-rule-wafIp-block_bad');
    expect(within(ips).getByText('203.0.113.0/24')).toBeTruthy();
    expect(within(ips).queryByText('192.0.2.1')).toBeNull();
    fireEvent.focus(within(ips).getByRole('button', { name: '+1 more' }));
    expect(await screen.findByText(/192\.0\.2\.1/)).toBeTruthy();
    expect(screen.getByTestId('waf-rule-status-block_bad').textContent).toBe('Running');
    expect(screen.getByTestId('waf-rule-status-slow_api').textContent).toBe('Deploying');
    expect(screen.getByTestId('waf-rule-error-slow_api').textContent).toBe('Last deployment failed: edge unreachable');
    const usage = screen.getByTestId('waf-rule-usage-block_bad');
    expect(usage.textContent).toBe('2');
    fireEvent.mouseEnter(usage);
    expect(await screen.findByText('Used by: shop, blog')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
  });

  it('hides the write actions without firewallRules write permission', async () => {
    renderRules({}, readOnlyAccess());
    await openList();
    expect(screen.queryByTestId('waf-rule-create')).toBeNull();
    expect(screen.queryByTestId('waf-rules-import')).toBeNull();
    expect(screen.queryByTestId('waf-rule-edit-block_bad')).toBeNull();
    expect(screen.queryByTestId('waf-rule-delete-block_bad')).toBeNull();
    expect(screen.getByTestId('waf-rule-log-block_bad')).toBeTruthy();
    expect(screen.getByTestId('waf-rules-export')).toBeTruthy();
  });

  it('keeps the column choice in userSelectedColumns.waf, beside the other tables', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ origin: ['origins'] }));
    renderRules();
    await openList();
    click('column-selector');
    const uri = await screen.findByTestId('column-selector-wafUri');
    fireEvent.click(uri.tagName === 'INPUT' ? uri : within(uri).getByRole('checkbox'));
    const description = screen.getByTestId('column-selector-description');
    fireEvent.click(description.tagName === 'INPUT' ? description : within(description).getByRole('checkbox'));
    await waitFor(() => expect(headers()).toContain('Request URI'));
    expect(headers()).not.toContain('Description');
    const stored = JSON.parse(localStorage.getItem('parapet.userSelectedColumns') ?? '{}') as Record<string, string[]>;
    expect(stored.origin).toEqual(['origins']);
    expect(stored.waf).toContain('wafUri');
    expect(stored.waf).toContain('wafIp');
    expect(stored.waf).not.toContain('description');
  });

  it('reads the stored column choice', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ waf: ['wafCountry', 'createdBy'] }));
    renderRules();
    await openList();
    expect(headers()).toEqual(['Rule Name', 'Source Country', 'Created by', 'Actions']);
  });

  it('sends deepSearch=true with the search once "Deep Search" is ticked, from page 1', async () => {
    const { sent } = renderRules();
    await openList();
    const lastQuery = () => sent('GET', '/api/waf-rules').at(-1)?.query;
    const search = within(screen.getByTestId('waf-rules-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '203.0.113' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery()?.get('search')).toBe('203.0.113'));
    expect(lastQuery()?.has('deepSearch')).toBe(false);
    const deep = screen.getByTestId('waf-rules-deep-search');
    fireEvent.click(deep.tagName === 'INPUT' ? deep : within(deep).getByRole('checkbox'));
    await waitFor(() => expect(lastQuery()?.get('deepSearch')).toBe('true'));
    expect(lastQuery()?.get('search')).toBe('203.0.113');
    expect(lastQuery()?.get('page')).toBe('1');
  });

  it('filters by status, action, creator and creation dates in the filter modal', async () => {
    const { sent } = renderRules({
      'GET /api/waf-rules': ({ query }) =>
        json(200, {
          items: query.has('wafAction') ? RULES.filter((r) => r.wafAction === query.get('wafAction')) : RULES,
          total: 2,
        }),
    });
    await openList();
    const lastQuery = () => sent('GET', '/api/waf-rules').at(-1)?.query;
    const filters = () =>
      filterParams(lastQuery(), ['status', 'wafAction', 'createdBy', 'createdFrom', 'createdTo', 'deepSearch']);
    click('waf-rules-filters');
    await screen.findByTestId('filter-status');
    await chooseOption('filter-status', 'Running');
    await waitFor(() => expect(filters()).toEqual({ status: 'Running' }));
    await chooseOption('filter-waf-action', '05');
    await waitFor(() => expect(filters()).toEqual({ status: 'Running', wafAction: '05' }));
    await waitFor(() => expect(screen.queryByTestId('waf-rule-row-block_bad')).toBeNull());
    enterCreatedBy('ada');
    await waitFor(() => expect(filters()).toEqual({ status: 'Running', wafAction: '05', createdBy: 'ada' }));
    const range = pickCreatedRange(3, 4);
    await waitFor(() =>
      expect(filters()).toEqual({
        status: 'Running',
        wafAction: '05',
        createdBy: 'ada',
        createdFrom: String(range.createdFrom),
        createdTo: String(range.createdTo),
      }),
    );
    click('filter-reset');
    // Back to the unfiltered first page, which the cache still holds fresh.
    expect(await screen.findByTestId('waf-rule-row-block_bad')).toBeTruthy();
    expect(screen.getByTestId('filter-status').textContent).toBe('Status');
  });

  it('says "Exceed Quota" and disables Create once the count reaches the plan', async () => {
    renderRules({ 'GET /api/group/resource-limits': () => limits(20) });
    await openList();
    const quota = await screen.findByTestId('waf-rules-quota');
    expect(quota.textContent).toBe('You have created 20 of 20 Firewall Rules Exceed Quota');
    await waitFor(() => expect(screen.getByTestId('waf-rule-create').hasAttribute('disabled')).toBe(true));
  });
});
