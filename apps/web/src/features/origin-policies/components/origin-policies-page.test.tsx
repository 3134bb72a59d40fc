import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readOnlyAccess } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, enterCreatedBy, filterParams, goToPage, pickCreatedRange } from '@/test/filter-steps';
import { json } from '@/test/render-app';
import { click, headers, openList, POLICIES, renderPolicies } from './origin-policies.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('origin policies screen', () => {
  it('lists the group\'s policies with a health tag per origin, status, usage and "showing X to Y of Z"', async () => {
    const { sent } = renderPolicies();
    await openList();
    expect(sent('GET', '/api/origin-policies')[0]?.query.get('groupName')).toBe('acme');
    const healthy = screen.getByTestId('origin-health-10.0.0.1');
    expect([healthy.textContent, healthy.getAttribute('data-health')]).toEqual(['Healthy', 'healthy']);
    const unhealthy = screen.getByTestId('origin-health-10.0.0.2');
    expect([
      unhealthy.textContent,
      unhealthy.getAttribute('data-health'),
      unhealthy.getAttribute('data-reason'),
    ]).toEqual(['Unhealthy', 'unhealthy', 'refused']);
    fireEvent.mouseEnter(unhealthy);
    // The server sends a reason code; the user reads it in their language.
    expect(await screen.findByText(/^The origin refused the connection\. \(Checked /)).toBeTruthy();
    // No verdict yet, and a disabled origin is not probed at all.
    expect(screen.getByTestId('origin-health-10.0.1.1').textContent).toBe('Unchecked');
    expect(screen.queryByTestId('origin-health-spare.example.com')).toBeNull();
    expect(screen.getByTestId('origin-disabled-tag-spare.example.com').textContent).toBe('Disabled');
    expect(screen.getByTestId('origin-backup-tag-10.0.0.2').textContent).toBe('Backup');

    expect(screen.getByTestId('origin-policy-status-web').textContent).toBe('Running');
    expect(screen.getByTestId('origin-policy-status-api').textContent).toBe('Deploying');
    expect(screen.getByTestId('origin-policy-error-api').textContent).toBe('Last deployment failed: edge unreachable');
    expect(screen.getByTestId('origin-policy-usage-web').textContent).toBe('2shopblog');
    expect(screen.getByTestId('origin-policy-hc-web').textContent).toBe('TCP, every 10 s');
    expect(within(screen.getByTestId('origin-policy-row-web')).getByText('IP Hash')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
  });

  it('hides write actions without originPolicy write permission', async () => {
    renderPolicies({}, readOnlyAccess());
    await openList();
    expect(screen.queryByTestId('origin-policy-create')).toBeNull();
    expect(screen.queryByTestId('origin-policy-edit-web')).toBeNull();
    expect(screen.queryByTestId('origin-policy-delete-web')).toBeNull();
    expect(screen.getByTestId('origin-policy-log-web')).toBeTruthy();
  });

  it('deletes after "Are you sure want to delete?"', async () => {
    const { sent } = renderPolicies({ 'DELETE /api/origin-policies/id-api': () => json(200, { ok: true }) });
    await openList();
    click('origin-policy-delete-api');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    expect((await screen.findByTestId('origin-policy-deleted')).textContent).toContain('Delete Successful');
    expect(sent('DELETE', '/api/origin-policies/id-api')).toHaveLength(1);
  });

  it('names the services that use a policy it may not delete', async () => {
    renderPolicies({
      'DELETE /api/origin-policies/id-web': () =>
        json(409, { code: 'IN_USE', message: 'is used by service', usedBy: ['shop', 'checkout'] }),
    });
    await openList();
    click('origin-policy-delete-web');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    const toast = await screen.findByTestId('origin-policy-delete-failed');
    expect(toast.textContent).toContain('Failed to delete. web is used by service:');
    expect(toast.textContent).toContain('shop, checkout');
  });

  it("falls back to the row's users when an IN_USE answer names none", async () => {
    renderPolicies({
      'DELETE /api/origin-policies/id-web': () => json(409, { code: 'IN_USE', message: 'is used by service' }),
    });
    await openList();
    click('origin-policy-delete-web');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('origin-policy-delete-failed')).textContent).toBe(
      'Failed to delete. web is used by service: shop, blog',
    );
  });

  it('says why any other delete failed', async () => {
    renderPolicies({
      'DELETE /api/origin-policies/id-api': () => json(409, { code: 'ORIGIN_POLICY_DEPLOYING', message: 'deploying' }),
    });
    await openList();
    click('origin-policy-delete-api');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-delete-failed')).textContent).toContain(
      'Failed to delete. Origin policy is being deployed. Please try again.',
    );
  });

  it('keeps the column choice in userSelectedColumns.origin', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ cert: ['issuer'] }));
    renderPolicies();
    await openList();
    expect(headers().has('Regions')).toBe(true);
    click('column-selector');
    const regions = await screen.findByTestId('column-selector-regions');
    fireEvent.click(regions.tagName === 'INPUT' ? regions : within(regions).getByRole('checkbox'));
    await waitFor(() => expect(headers().has('Regions')).toBe(false));
    expect(headers().has('Origins')).toBe(true);
    const stored = JSON.parse(localStorage.getItem('parapet.userSelectedColumns') ?? '{}') as Record<string, string[]>;
    expect(stored.cert).toEqual(['issuer']);
    expect(stored.origin).not.toContain('regions');
    expect(stored.origin).toContain('origins');
  });

  it('reads the stored column choice', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ origin: ['origins'] }));
    renderPolicies();
    await openList();
    expect(headers().has('Origins')).toBe(true);
    expect(headers().has('Status')).toBe(false);
    expect(headers().has('Usage')).toBe(false);
  });

  it('filters by status, creator and creation dates from page 1, and Reset clears them', async () => {
    // A call filtered by status answers only the deploying policy, so the screen shows which list it holds.
    const { sent } = renderPolicies({
      'GET /api/origin-policies': ({ query }) =>
        json(200, {
          items: query.has('status') ? POLICIES.filter((p) => p.status === query.get('status')) : POLICIES,
          total: 25,
        }),
    });
    await openList();
    const lastQuery = () => sent('GET', '/api/origin-policies').at(-1)?.query;
    const filters = () => filterParams(lastQuery(), ['status', 'createdBy', 'createdFrom', 'createdTo']);
    await goToPage(2, lastQuery);

    await chooseOption('filter-status', 'Deploying');
    await waitFor(() => expect(filters()).toEqual({ status: 'Deploying' }));
    expect(lastQuery()?.get('page')).toBe('1');
    expect(lastQuery()?.get('groupName')).toBe('acme');
    await waitFor(() => expect(screen.queryByTestId('origin-policy-row-web')).toBeNull());
    expect(screen.getByTestId('origin-policy-row-api')).toBeTruthy();

    enterCreatedBy('ada');
    await waitFor(() => expect(filters()).toEqual({ status: 'Deploying', createdBy: 'ada' }));
    const range = pickCreatedRange(10, 10);
    await waitFor(() =>
      expect(filters()).toEqual({
        status: 'Deploying',
        createdBy: 'ada',
        createdFrom: String(range.createdFrom),
        createdTo: String(range.createdTo),
      }),
    );
    expect(range.createdTo - range.createdFrom).toBe(24 * 60 * 60_000 - 1);

    await goToPage(2, lastQuery);
    click('filter-reset');
    // Back to the unfiltered first page, which the cache still holds fresh.
    expect(await screen.findByTestId('origin-policy-row-web')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('1');
    expect(screen.getByTestId('filter-status').textContent).toBe('Status');
  });
});
