import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '@/lib/format-time';
import { ADMIN_USER, group, json, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GROUPS = [group('default', { memberCount: 1 }), group('acme', { memberCount: 3, plan: 'pro', version: 4 })];
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const renderGroups = (handlers: ApiHandlers = {}) =>
  renderApp('/admin/groups', { ...shellHandlers(ADMIN_USER, GROUPS), ...handlers });
const openGroups = () => screen.findByTestId('group-link-acme');

describe('groups screen', () => {
  it('lists groups with plan and members, and links each to its members', async () => {
    const { router } = renderGroups();
    await openGroups();
    const row = screen.getByTestId('group-link-acme').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['acme', 'Pro', '3']);
    // When it was made: the UTC instant in a <time>, written to the minute with the zone named.
    const created = within(row).getAllByRole('cell')[3]?.querySelector('time');
    expect(created?.getAttribute('dateTime')).toBe(new Date(GROUPS[1]!.createdAt).toISOString());
    expect(created?.textContent).toBe(formatInstant('en-US', GROUPS[1]!.createdAt, { seconds: false }));
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
    click('group-link-acme');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/groups/acme'));
  });

  it('creates a group with a plan, refusing the reserved name and a taken one', async () => {
    let taken = true;
    const { sent } = renderGroups({
      'POST /api/groups': ({ body }) =>
        taken
          ? json(409, { code: 'ALREADY_EXISTS', message: 'Already exists.' })
          : json(201, group((body as { name: string }).name)),
    });
    await openGroups();
    click('group-create');
    await screen.findByTestId('group-create-name');
    type('group-create-name', 'all');
    click('group-create-submit');
    expect(await screen.findByText('This name is reserved.')).toBeTruthy();
    expect(sent('POST', '/api/groups')).toHaveLength(0);

    type('group-create-name', 'shop');
    fireEvent.mouseDown(within(screen.getByTestId('group-create-plan')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('group-create-plan-enterprise'));
    click('group-create-submit');
    expect(await screen.findByText('Already exists.')).toBeTruthy();
    expect(screen.queryByTestId('toast-create-failed')).toBeNull();
    taken = false;
    click('group-create-submit');
    await screen.findByTestId('group-created');
    expect(sent('POST', '/api/groups').map((c) => c.body)).toEqual([
      { name: 'shop', plan: 'enterprise' },
      { name: 'shop', plan: 'enterprise' },
    ]);
  });

  it('says "Failed to create. Please try again" when the server or the network fails', async () => {
    let answer = () => Promise.resolve(json(500, { code: 'INTERNAL', message: 'x' }));
    renderGroups({ 'POST /api/groups': () => answer() });
    await openGroups();
    click('group-create');
    await screen.findByTestId('group-create-name');
    type('group-create-name', 'shop');
    click('group-create-submit');
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click('group-create-submit');
    await waitFor(() => expect(screen.getAllByTestId('toast-create-failed')).toHaveLength(2));
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });

  it('renames and re-plans with the version read, and shows a conflict', async () => {
    let conflict = true;
    const { sent } = renderGroups({
      'PATCH /api/groups/acme': () =>
        conflict
          ? json(409, { code: 'VERSION_CONFLICT', message: 'changed' })
          : json(200, group('acme-co', { plan: 'basic', version: 5 })),
    });
    await openGroups();
    click('group-edit-acme');
    await screen.findByTestId('group-edit-name');
    type('group-edit-name', 'acme-co');
    fireEvent.mouseDown(within(screen.getByTestId('group-edit-plan')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Basic'));
    click('group-edit-submit');
    expect((await screen.findByTestId('group-edit-conflict')).textContent).toContain(
      'This item was changed by someone else. Reload it and try again.',
    );
    conflict = false;
    click('group-edit-submit');
    await screen.findByTestId('group-updated');
    expect(sent('PATCH', '/api/groups/acme')[0]?.body).toEqual({ name: 'acme-co', plan: 'basic', version: 4 });
  });

  it('deletes a group after "Are you sure want to delete?"', async () => {
    const { sent } = renderGroups({ 'DELETE /api/groups/acme': () => json(200, { ok: true }) });
    await openGroups();
    click('group-delete-acme');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    await screen.findByTestId('group-deleted');
    expect(sent('DELETE', '/api/groups/acme')).toHaveLength(1);
  });
});
