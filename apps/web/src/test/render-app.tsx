import { render } from '@testing-library/react';
import { fullAccess, type CurrentUser, type Group, type PlatformPrefs, type RolePermissions } from '@parapet/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { LiveFeedContext, type LiveFeed } from '@/lib/live-feed';
import { createQueryClient } from '@/lib/query-client';

/** The signed-in frame's real-time feed in tests: it connects nowhere. */
export const NO_LIVE_FEED: LiveFeed = { connect: () => undefined, disconnect: () => undefined };

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const TEST_USER: CurrentUser = {
  username: 'ada',
  email: 'ada@example.com',
  privilege: 'user',
  phoneNumber: null,
  hasAvatar: false,
  otpEnabled: false,
  inGroupsRole: [{ groupName: 'alpha', rolePermissions: {} }],
};

/** A normal user in each of `groups`, with the role given for it. */
export const memberOf = (groups: Record<string, RolePermissions>, username = 'ada'): CurrentUser => ({
  ...TEST_USER,
  username,
  inGroupsRole: Object.entries(groups).map(([groupName, rolePermissions]) => ({ groupName, rolePermissions })),
});

export const ADMIN_USER: CurrentUser = {
  ...TEST_USER,
  username: 'root',
  privilege: 'admin',
  inGroupsRole: [{ groupName: 'default', rolePermissions: fullAccess() }],
};

export const group = (name: string, extra: Partial<Group> = {}): Group => ({
  name,
  plan: 'basic',
  memberCount: 1,
  createdAt: 1_700_000_000_000,
  version: 1,
  ...extra,
});

/** Handlers for the shell's tenancy calls: the user, the group list (admins) and the prefs. */
export function shellHandlers(
  user: CurrentUser,
  groups: Group[] = [],
  prefs: Partial<PlatformPrefs> = {},
): ApiHandlers {
  return {
    'GET /api/user': () => json(200, user),
    'GET /api/groups': () => json(200, { items: groups }),
    'GET /api/system/prefs': () =>
      json(200, { hasHomePage: true, landingPagePath: '', groupListWithAll: true, ...prefs }),
  };
}

export interface ApiCall {
  method: string;
  /** Path without the query, e.g. /api/user/login. */
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData / undefined as sent. */
  body: unknown;
}

/** Answers by "METHOD /api/path"; unlisted calls answer 404 NOT_FOUND. */
export type ApiHandlers = Record<string, (call: ApiCall) => Response | Promise<Response>>;

/**
 * A fetch that answers by `handlers` and records each call in `calls`; without a
 * `GET /api/user` handler the visitor is signed out.
 */
export function answerFrom(handlers: ApiHandlers, calls: ApiCall[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(call);
    if (url.pathname === '/api/user') return json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
  };
}

/**
 * Renders the real route tree at `path` with fetch stubbed by `handlers`. Without a
 * `GET /api/user` handler the visitor is signed out. Returns the calls made, in order.
 */
export function renderApp(path: string, handlers: ApiHandlers = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(answerFrom(handlers, calls));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <LiveFeedContext value={NO_LIVE_FEED}>
        <RouterProvider router={router} />
      </LiveFeedContext>
    </AppProviders>,
  );
  /** The calls other than the session check, for asserting what a page sent. */
  const sent = (method: string, apiPath: string) => calls.filter((c) => c.method === method && c.path === apiPath);
  return { router, queryClient, calls, sent };
}
