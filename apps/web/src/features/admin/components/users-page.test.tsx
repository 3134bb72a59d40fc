import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, group, json, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = (username: string, extra = {}) => ({
  username,
  email: `${username}@example.com`,
  privilege: 'user',
  disabled: false,
  emailConfirmed: true,
  otpEnabled: false,
  groups: ['acme'],
  createdAt: 1_700_000_000_000,
  ...extra,
});
const USERS = [account('root', { privilege: 'admin', groups: ['default'] }), account('bob', { otpEnabled: true })];
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderUsers(handlers: ApiHandlers = {}) {
  return renderApp('/admin/users', {
    ...shellHandlers(ADMIN_USER, [group('default'), group('acme')]),
    'GET /api/admin/users': ({ query }) =>
      json(200, { items: USERS.filter((u) => u.username.includes(query.get('search') ?? '')), total: 31 }),
    ...handlers,
  });
}

describe('users screen', () => {
  it('lists a page of accounts and searches them on the server', async () => {
    const { sent } = renderUsers();
    const table = await screen.findByTestId('admin-users-table');
    await waitFor(() => expect(table.textContent).toContain('bob@example.com'));
    expect(screen.getByText('Showing 1 to 10 of 31 entries')).toBeTruthy();
    expect(Object.fromEntries(sent('GET', '/api/admin/users')[0]?.query ?? [])).toEqual({ page: '1', pageSize: '10' });
    const search = screen.getByTestId('users-search').querySelector('input') ?? screen.getByTestId('users-search');
    fireEvent.change(search, { target: { value: 'bo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent('GET', '/api/admin/users').at(-1)?.query.get('search')).toBe('bo'));
  });

  it('disables an account after confirming, but never your own', async () => {
    const { sent } = renderUsers({
      'PUT /api/admin/users/bob/disabled': () => json(200, account('bob', { disabled: true })),
    });
    await screen.findByTestId('user-disabled-bob');
    expect(screen.getByTestId('user-disabled-root').hasAttribute('disabled')).toBe(true);
    click('user-disabled-bob');
    expect(await screen.findByText('Are you sure want to proceed?')).toBeTruthy();
    expect(sent('PUT', '/api/admin/users/bob/disabled')).toHaveLength(0);
    click('confirm-ok');
    await screen.findByTestId('user-disabled-saved');
    expect(sent('PUT', '/api/admin/users/bob/disabled')[0]?.body).toEqual({ disabled: true });
  });

  it('creates a user, showing a taken username on its field', async () => {
    let taken = true;
    const { sent } = renderUsers({
      'POST /api/admin/users': () =>
        taken ? json(409, { code: 'USERNAME_TAKEN', message: 'x' }) : json(201, account('carol')),
    });
    await screen.findByTestId('admin-users-table');
    click('user-create');
    await screen.findByTestId('user-create-username');
    type('user-create-username', 'carol');
    type('user-create-email', 'carol@example.com');
    type('user-create-password', 'Tr0ub4dor&3-horse');
    click('user-create-submit');
    expect(await screen.findByText('This username is already used.')).toBeTruthy();
    expect(screen.queryByTestId('toast-create-failed')).toBeNull();
    taken = false;
    click('user-create-submit');
    await screen.findByTestId('user-created');
    expect(sent('POST', '/api/admin/users').at(-1)?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      password: 'Tr0ub4dor&3-horse',
    });
  });

  it('says "Failed to create. Please try again" when the server or the network fails', async () => {
    let answer = () => Promise.resolve(json(500, { code: 'INTERNAL', message: 'x' }));
    renderUsers({ 'POST /api/admin/users': () => answer() });
    await screen.findByTestId('admin-users-table');
    click('user-create');
    await screen.findByTestId('user-create-username');
    type('user-create-username', 'carol');
    type('user-create-email', 'carol@example.com');
    type('user-create-password', 'Tr0ub4dor&3-horse');
    click('user-create-submit');
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click('user-create-submit');
    await waitFor(() => expect(screen.getAllByTestId('toast-create-failed')).toHaveLength(2));
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });
});
