import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fullAccess, type CurrentUser } from '@parapet/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createRoutes } from './router';
import { LiveFeedContext } from '@/lib/live-feed';
import { json, memberOf, NO_LIVE_FEED } from '@/test/render-app';

const USER: CurrentUser = memberOf({ alpha: fullAccess(), beta: fullAccess() });

/** Renders the real route tree at `path`; GET /api/user answers `user` until logout, else 401. */
function renderAt(path: string, user?: CurrentUser, feed = NO_LIVE_FEED) {
  let session = user;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/user/logout') session = undefined;
    if (url === '/api/user')
      return session ? json(200, session) : json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  // Every location the router passes through, redirects included.
  const visited: string[] = [path];
  router.subscribe((state) => {
    const next = state.navigation.location?.pathname ?? state.location.pathname;
    if (visited.at(-1) !== next) visited.push(next);
  });
  render(
    <AppProviders queryClient={queryClient}>
      <LiveFeedContext value={feed}>
        <RouterProvider router={router} />
      </LiveFeedContext>
    </AppProviders>,
  );
  return { router, visited, fetchMock };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

describe('routes while signed out', () => {
  it('sends /service to /service/overview, whose guard then sends it to /login', async () => {
    const { router, visited } = renderAt('/service');
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(visited).toEqual(['/service', '/service/overview', '/login']);
    expect(screen.getByTestId('page-title').textContent).toBe('Sign in');
  });

  it('sends / to /home and then to /login', async () => {
    const { router, visited } = renderAt('/');
    await screen.findByTestId('login-page');
    expect(visited).toEqual(['/', '/home', '/login']);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders the not-found page for an unknown path, with a link home', async () => {
    renderAt('/no/such/page');
    const page = await screen.findByTestId('not-found');
    expect(page.textContent).toContain('Page not found');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/home');
    expect(screen.getByTestId('language-switcher')).toBeTruthy();
  });

  it('keeps public pages public', async () => {
    const { router } = renderAt('/reset-password/abc123');
    await screen.findByTestId('reset-password-page');
    expect(router.state.location.pathname).toBe('/reset-password/abc123');
  });
});

describe('routes while signed in', () => {
  it('sends /login to /home', async () => {
    const { router } = renderAt('/login', USER);
    await screen.findByTestId('dashboard-tabs');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the layout: highlighted menu item, groups, language switcher, user', async () => {
    renderAt('/service-lines/create', USER);
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Create Service Line'));
    const selected = document.querySelector('.ant-menu-item-selected');
    expect(selected?.querySelector('[data-testid="nav-service-lines-create"]')).toBeTruthy();
    expect(screen.getByTestId('group-selector').textContent).toContain('alpha');
    expect(screen.getByTestId('user-menu-username').textContent).toBe('ada');
  });

  it('switches the whole console to another language', async () => {
    renderAt('/firewall_rules', USER);
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Firewall Rules'));
    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByTestId('locale-zh-TW'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('防火牆規則'));
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem('parapet.locale')).toBe('zh-TW');
  });

  it('opens the real-time feed with the signed-in frame and closes it on signing out (spec §7)', async () => {
    const feed = { connect: vi.fn(), disconnect: vi.fn() };
    const { router } = renderAt('/firewall_rules', USER, feed);
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Firewall Rules'));
    expect(feed.connect).toHaveBeenCalledTimes(1);
    expect(feed.disconnect).not.toHaveBeenCalled();
    await act(() => router.navigate('/logout'));
    await screen.findByTestId('login-page');
    expect(feed.disconnect).toHaveBeenCalledTimes(1);
  });

  it('signs out through /logout', async () => {
    const { router, fetchMock } = renderAt('/logout', USER);
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/user/logout');
  });
});
