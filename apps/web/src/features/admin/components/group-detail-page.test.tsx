import { fullAccess, readOnlyAccess, type RolePermissions } from '@parapet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, group, json, renderApp, shellHandlers, type ApiCall } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const member = (username: string, rolePermissions: RolePermissions) => ({
  username,
  email: `${username}@example.com`,
  disabled: false,
  rolePermissions,
});

function renderGroup(members = [member('ada', readOnlyAccess()), member('bob', fullAccess())]) {
  const echo = ({ path, body }: ApiCall) =>
    json(
      200,
      member(
        decodeURIComponent(path.split('/').pop() ?? ''),
        (body as { rolePermissions: RolePermissions }).rolePermissions,
      ),
    );
  return renderApp('/admin/groups/acme', {
    ...shellHandlers(ADMIN_USER, [group('default'), group('acme', { memberCount: 2, plan: 'pro' })]),
    'GET /api/groups/acme/members': () => json(200, { items: members }),
    'PUT /api/groups/acme/members/ada': echo,
    'PUT /api/groups/acme/members/eve': echo,
    'DELETE /api/groups/acme/members/bob': () => json(200, { ok: true }),
    'GET /api/audit': () => json(200, { items: [] }),
  });
}

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const bodyOf = (calls: ApiCall[]) => (calls.at(-1)?.body as { rolePermissions: RolePermissions }).rolePermissions;

describe('group members', () => {
  it("lists members with their role, and saves a member's permissions edited as switches", async () => {
    const { sent } = renderGroup();
    // The first visit loads the area's chunk; give it time.
    expect((await screen.findByTestId('member-role-ada')).textContent).toBe('Read only');
    expect(screen.getByTestId('member-role-bob').textContent).toBe('Full access');
    click('member-edit-ada');
    const tree = await screen.findByTestId('permission-tree');
    expect(screen.getByTestId('perm-certificates-read').getAttribute('aria-checked')).toBe('true');
    click('perm-certificates-write');
    click('perm-eventLogs-read');
    click('perm-dashboard-write');
    // Service-line tabs are children of their row. Every other row holds a placeholder expand
    // button that only Ant Design's stylesheet hides, and tests load no stylesheet: take the row's own.
    const serviceLines = within(tree).getByText('Service Lines').closest('tr') as HTMLElement;
    fireEvent.click(within(serviceLines).getByRole('button', { name: /expand row/i }));
    click('perm-serviceLines-ssl-write');
    click('perm-serviceLines-domains-read');
    click('member-save');
    await screen.findByTestId('member-saved');
    expect(bodyOf(sent('PUT', '/api/groups/acme/members/ada'))).toEqual({
      ...readOnlyAccess(),
      dashboard: { read: true, write: true },
      serviceLines: {
        read: true,
        write: false,
        children: { ssl: { read: true, write: true }, domains: { read: false, write: false } },
      },
      certificates: { read: true, write: true },
      eventLogs: { read: false, write: false },
    });
  });

  it('adds a member with a preset role, or a custom one from the switches', async () => {
    const { sent } = renderGroup();
    await screen.findByTestId('member-add');
    click('member-add');
    fireEvent.change(await screen.findByTestId('member-add-username'), { target: { value: ' eve ' } });
    click('member-add-submit');
    await screen.findByTestId('member-added');
    expect(bodyOf(sent('PUT', '/api/groups/acme/members/eve'))).toEqual(readOnlyAccess());

    click('member-add');
    fireEvent.change(await screen.findByTestId('member-add-username'), { target: { value: 'eve' } });
    fireEvent.mouseDown(within(screen.getByTestId('member-add-role')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('member-add-role-custom'));
    click('perm-firewallRules-write');
    click('perm-htmlPages-read');
    click('member-add-submit');
    await waitFor(() => expect(sent('PUT', '/api/groups/acme/members/eve')).toHaveLength(2));
    expect(bodyOf(sent('PUT', '/api/groups/acme/members/eve'))).toEqual({
      ...readOnlyAccess(),
      firewallRules: { read: true, write: true },
      htmlPages: { read: false, write: false },
    });
  });

  it('removes a member after the delete confirmation', async () => {
    const { sent } = renderGroup();
    await screen.findByTestId('member-remove-bob');
    click('member-remove-bob');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    await waitFor(() => expect(sent('DELETE', '/api/groups/acme/members/bob')).toHaveLength(1));
  });

  it("shows the group's plan and its log", async () => {
    const { sent } = renderGroup();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Group acme');
    expect(await screen.findByText('Pro')).toBeTruthy();
    await screen.findByTestId('audit-log');
    expect(Object.fromEntries(sent('GET', '/api/audit')[0]?.query ?? [])).toEqual({
      entity: 'member',
      groupName: 'acme',
    });
  });
});
