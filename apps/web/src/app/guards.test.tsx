import { fullAccess, readOnlyAccess, type CurrentUser, type Group, type PlatformPrefs } from '@parapet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, group, json, memberOf, renderApp, shellHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const TWO_GROUPS = memberOf({ alpha: fullAccess(), beta: fullAccess() });
/** Reads certificates in alpha only; nothing else anywhere (not even the dashboard). */
const CERTS_READER = memberOf({ alpha: { certificates: { read: true } }, beta: {} });
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

interface Case {
  name: string;
  user: CurrentUser;
  visit: string;
  /** The selection stored on this device before the visit. */
  stored?: string;
  groups?: Group[];
  prefs?: Partial<PlatformPrefs>;
  /** Where the router ends, query included. */
  lands: string;
  /** A test id the page shows there. */
  shows: string;
}

// Spec §2 Guards and §6: one row per rule.
const CASES: Case[] = [
  {
    name: 'applies a groupName the user may choose',
    user: TWO_GROUPS,
    visit: '/certs?groupName=beta',
    lands: '/certs?groupName=beta',
    shows: 'page-title',
  },
  {
    name: 'keeps the current selection for a group the user is not in',
    user: TWO_GROUPS,
    stored: 'beta',
    visit: '/certs?groupName=gamma',
    lands: '/certs?groupName=beta',
    shows: 'page-title',
  },
  {
    name: 'adds the stored selection when no groupName is given',
    user: TWO_GROUPS,
    stored: 'beta',
    visit: '/certs',
    lands: '/certs?groupName=beta',
    shows: 'page-title',
  },
  {
    name: 'adds the first allowed group when nothing is selected',
    user: TWO_GROUPS,
    visit: '/event-logs',
    lands: '/event-logs?groupName=alpha',
    shows: 'page-title',
  },
  {
    name: 'drops a stored selection the user may no longer choose',
    user: TWO_GROUPS,
    stored: 'gone',
    visit: '/certs',
    lands: '/certs?groupName=alpha',
    shows: 'page-title',
  },
  {
    name: 'shows a page the user may read in the selected group',
    user: CERTS_READER,
    visit: '/certs?groupName=alpha',
    lands: '/certs?groupName=alpha',
    shows: 'page-title',
  },
  {
    name: 'sends a page without read permission to /home, keeping the group',
    user: CERTS_READER,
    visit: '/firewall_rules?groupName=alpha',
    lands: '/home?groupName=alpha',
    shows: 'no-permission',
  },
  {
    name: 'checks the permission in the selected group, not in any group',
    user: CERTS_READER,
    visit: '/certs?groupName=beta',
    lands: '/home?groupName=beta',
    shows: 'no-permission',
  },
  {
    name: 'does not redirect from the landing page itself (no loop)',
    user: CERTS_READER,
    visit: '/home/firewall?groupName=alpha',
    lands: '/home/firewall?groupName=alpha',
    shows: 'no-permission',
  },
  {
    name: 'lets the profile pages need no permission',
    user: CERTS_READER,
    visit: '/user/security?groupName=beta',
    lands: '/user/security?groupName=beta',
    shows: 'profile-tabs',
  },
  {
    name: 'uses the configured landing page when the home page is off',
    user: CERTS_READER,
    prefs: { hasHomePage: false, landingPagePath: '/certs' },
    visit: '/html?groupName=alpha',
    lands: '/certs?groupName=alpha',
    shows: 'page-title',
  },
  {
    name: 'sends a read-only member to the page, not away',
    user: memberOf({ alpha: readOnlyAccess() }),
    visit: '/origin_policy',
    lands: '/origin_policy?groupName=alpha',
    shows: 'page-title',
  },
  {
    name: 'sends a normal user away from the admin screens',
    user: TWO_GROUPS,
    visit: '/admin/users?groupName=beta',
    lands: '/home?groupName=beta',
    shows: 'dashboard-tabs',
  },
  {
    name: 'sends an admin\'s "all" on a page of one group to the landing page (spec §6)',
    user: ADMIN_USER,
    groups: [group('default'), group('acme')],
    visit: '/firewall_rules?groupName=all',
    lands: '/home?groupName=all',
    shows: 'dashboard-tabs',
  },
  {
    name: 'lets an admin see the landing page in "all"',
    user: ADMIN_USER,
    groups: [group('default'), group('acme')],
    visit: '/home?groupName=all',
    lands: '/home?groupName=all',
    shows: 'dashboard-tabs',
  },
  {
    name: 'lets an admin use the admin screens in "all"',
    user: ADMIN_USER,
    groups: [group('default')],
    visit: '/admin/users?groupName=all',
    lands: '/admin/users?groupName=all',
    shows: 'page-title',
  },
  {
    name: 'lets an admin pick any group, member or not',
    user: ADMIN_USER,
    groups: [group('default'), group('acme')],
    visit: '/certs?groupName=acme',
    lands: '/certs?groupName=acme',
    shows: 'page-title',
  },
  {
    name: 'starts an admin in their first group, not in "all"',
    user: ADMIN_USER,
    groups: [group('default'), group('acme')],
    visit: '/certs',
    lands: '/certs?groupName=default',
    shows: 'page-title',
  },
  {
    name: 'starts an admin in their first group on the admin screens too',
    user: ADMIN_USER,
    groups: [group('default')],
    visit: '/admin/groups',
    lands: '/admin/groups?groupName=default',
    shows: 'groups-table',
  },
  {
    name: 'keeps the groupName of / on its way to /home',
    user: TWO_GROUPS,
    stored: 'alpha',
    visit: '/?groupName=beta',
    lands: '/home?groupName=beta',
    shows: 'dashboard-tabs',
  },
  {
    name: 'keeps the groupName of /service on its way to /service/overview',
    user: TWO_GROUPS,
    stored: 'alpha',
    visit: '/service?groupName=beta',
    lands: '/service/overview?groupName=beta',
    shows: 'page-title',
  },
  {
    name: "selects the group a service line's path names when the query has none",
    user: memberOf({ alpha: {}, beta: { serviceLines: { read: true } } }),
    stored: 'alpha',
    visit: '/service/overview/shop/beta?tab=ssl',
    lands: '/service/overview/shop/beta?tab=ssl&groupName=beta',
    shows: 'page-title',
  },
];

describe('group selection and page guards', () => {
  it.each(CASES)('$name', async ({ user, visit, stored, groups, prefs, lands, shows }) => {
    if (stored) localStorage.setItem('parapet.userPref', JSON.stringify({ selectedGroup: stored }));
    const { router } = renderApp(visit, shellHandlers(user, groups, prefs));
    await waitFor(() => expect(where(router)).toBe(lands));
    expect(await screen.findByTestId(shows)).toBeTruthy();
    const selected = new URLSearchParams(lands.split('?')[1]).get('groupName');
    expect(JSON.parse(localStorage.getItem('parapet.userPref') ?? '{}')).toEqual({ selectedGroup: selected });
  });

  it('"all" on a restricted page sends a normal user to the landing page', async () => {
    // A normal user never gets "all" from the selector; a stale selection must not open pages.
    localStorage.setItem('parapet.userPref', JSON.stringify({ selectedGroup: 'all' }));
    const { router } = renderApp(
      '/certs?groupName=all',
      shellHandlers(memberOf({ alpha: { certificates: { read: true } } })),
    );
    await waitFor(() => expect(where(router)).toBe('/certs?groupName=alpha'));
    expect(screen.getByTestId('page-title').textContent).toBe('Certificates');
  });

  it('adds the group with a replace navigation, so Back skips the URL without it', async () => {
    const { router } = renderApp('/certs', shellHandlers(TWO_GROUPS));
    await waitFor(() => expect(where(router)).toBe('/certs?groupName=alpha'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('hides the sidebar items the user cannot read in the selected group, and Administration from non-admins', async () => {
    renderApp('/certs?groupName=alpha', shellHandlers(CERTS_READER));
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('nav-certs').getAttribute('href')).toBe('/certs?groupName=alpha');
    for (const hidden of ['nav-home', 'nav-firewall_rules', 'nav-html', 'nav-event-logs'])
      expect(screen.queryByTestId(hidden), hidden).toBeNull();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.textContent).toContain('Account');
    expect(sidebar.textContent).not.toContain('Service Lines');
    expect(sidebar.textContent).not.toContain('Administration');
  });

  it('shows Administration to admins, and "All groups" first in their selector', async () => {
    renderApp('/home', shellHandlers(ADMIN_USER, [group('default'), group('acme')]));
    await screen.findByTestId('dashboard-tabs');
    expect(screen.getByTestId('sidebar').textContent).toContain('Administration');
    fireEvent.click(screen.getByText('Administration'));
    expect((await screen.findByTestId('nav-admin-groups')).getAttribute('href')).toBe(
      '/admin/groups?groupName=default',
    );
    expect(screen.getByTestId('nav-admin-users')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('group-selector').textContent).toContain('default'));
    fireEvent.mouseDown(within(screen.getByTestId('group-selector')).getByRole('combobox'));
    const options = await screen.findAllByTestId(/^group-option-/);
    expect(options.map((o) => o.getAttribute('data-testid'))).toEqual([
      'group-option-all',
      'group-option-default',
      'group-option-acme',
    ]);
  });
});

describe('signing in from a deep link', () => {
  it('returns to the page asked for, its group included, after sign-in', async () => {
    let signedIn = false;
    const { router } = renderApp('/certs?groupName=beta', {
      ...shellHandlers(TWO_GROUPS),
      'GET /api/user': () =>
        signedIn ? json(200, TWO_GROUPS) : json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }),
      'POST /api/user/login': () => {
        signedIn = true;
        return json(200, TWO_GROUPS);
      },
    });
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fcerts%3FgroupName%3Dbeta'));
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(where(router)).toBe('/certs?groupName=beta'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Certificates'));
  });

  it("sends a signed-out visit to a line's page to login with the address as it was typed", async () => {
    const { router } = renderApp('/service/overview/shop/beta', {
      ...shellHandlers(TWO_GROUPS),
      'GET /api/user': () => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }),
    });
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fservice%2Foverview%2Fshop%2Fbeta'));
  });

  it('goes home, never to another site, when the page to return to is not ours', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fcerts', shellHandlers(TWO_GROUPS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a signed-in visit to /login with a page to return to straight there', async () => {
    const { router } = renderApp('/login?redirect=%2Fcerts%3FgroupName%3Dbeta', shellHandlers(TWO_GROUPS));
    await waitFor(() => expect(where(router)).toBe('/certs?groupName=beta'));
  });
});

describe('group selector', () => {
  it('sends an admin who chooses "all" on a page of one group to the landing page', async () => {
    const { router } = renderApp('/certs?groupName=acme', shellHandlers(ADMIN_USER, [group('default'), group('acme')]));
    await screen.findByTestId('page-title');
    fireEvent.mouseDown(within(screen.getByTestId('group-selector')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('group-option-all'));
    await waitFor(() => expect(where(router)).toBe('/home?groupName=all'));
    expect(await screen.findByTestId('dashboard-tabs')).toBeTruthy();
  });

  it('lists the allowed groups and puts a choice in the query; the guard then applies it', async () => {
    const { router } = renderApp('/certs?groupName=alpha', shellHandlers(CERTS_READER));
    await screen.findByTestId('page-title');
    fireEvent.mouseDown(within(screen.getByTestId('group-selector')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('group-option-beta'));
    // beta grants nothing: the guard of /certs sends the user to the landing page, in beta.
    await waitFor(() => expect(where(router)).toBe('/home?groupName=beta'));
    expect(await screen.findByTestId('no-permission')).toBeTruthy();
    expect(screen.getByTestId('group-selector').textContent).toContain('beta');
  });
});
