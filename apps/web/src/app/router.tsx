import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import * as LoginRoute from '@/features/auth/route';
import { loadConsoleMessages } from '@/lib/i18n';
import { PATHS } from '@/lib/paths';
import type * as SignedInGuards from './guards';
import type { GuardedPath } from './page-access';
import { logout, redirectIfSignedIn } from './public-guards';
import { NotFound } from './routes/not-found';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

// Each area's screens live in one route module, imported lazily, so an area is one chunk that
// loads on first visit. Modules export `Component` for the area's main route; extra screens of
// the same area are named exports picked by `screen`, sharing the chunk. The entry holds only
// the public pages' frame and the sign-in page (about 3 kB: a chunk of its own cost the page a
// second round trip before it showed, docs/web-bench.md); it is plain HTML and CSS, and Ant Design, the
// signed-in frame, its guards and the console's texts load with the first signed-in screen
// (docs/speed.md).
const dashboard = () => import('@/features/dashboard/route');
const serviceLines = () => import('@/features/service-lines/route');
const profile = () => import('@/features/user-profile/route');
const authForms = () => import('@/features/auth/forms-route');
const admin = () => import('@/features/admin/route');

function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The signed-in frame, with the console's texts in the current language before it renders. */
async function signedInFrame() {
  const [{ AppLayout }] = await Promise.all([import('./layout/app-layout'), loadConsoleMessages()]);
  return { Component: AppLayout };
}

/** A guard of the signed-in area, fetched with its first use (it brings the group lookups). */
const guard =
  (pick: (guards: typeof SignedInGuards) => LoaderFunction): LoaderFunction =>
  async (args) =>
    pick(await import('./guards'))(args);

/**
 * The dashboard's guard, and its data: the tab's calls start as soon as the guard lets the
 * page through, while the dashboard's code is still loading, not when the tab first renders.
 * The navigation does not wait for them: the widgets show their skeletons until the answers.
 */
function dashboardLoader(queryClient: QueryClient, check: LoaderFunction): LoaderFunction {
  return async (args) => {
    const prefetch = import('@/features/dashboard/api/prefetch-dashboard');
    const access = await check(args);
    if (access === null) {
      void prefetch.then((m) => m.prefetchDashboard(queryClient, new URL(args.request.url))).catch(() => undefined);
    }
    return access;
  };
}

/** A redirect that keeps the query, so a `groupName` given to / or /service still applies (spec §2). */
const redirectKeepingQuery =
  (to: string): LoaderFunction =>
  ({ request }) =>
    redirect(`${to}${new URL(request.url).search}`);

/** Spec §2 routes. A function of the QueryClient so tests build the same tree around their own. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // Each area route declares the permission it needs (page-access.ts); /user/* needs none.
  const needs = (path: GuardedPath) => guard((g) => g.requirePermission(queryClient, path));
  const adminOnly = guard((g) => g.requireAdmin(queryClient));
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageSpin,
      children: [
        // Redirect-only routes (element null: they never render). The target's own guard
        // decides about the session.
        { index: true, loader: redirectKeepingQuery(PATHS.home), element: null },
        { path: PATHS.service, loader: redirectKeepingQuery(PATHS.serviceOverview), element: null },

        // Public.
        { path: PATHS.login, loader: redirectIfSignedIn(queryClient), Component: LoginRoute.Component },
        { path: PATHS.logout, loader: logout(queryClient), element: null },
        { path: PATHS.signup, lazy: screen(authForms, (m) => m.SignupPage) },
        { path: `${PATHS.resetOtp}/:token?`, lazy: screen(authForms, (m) => m.ResetOtpPage) },
        { path: `${PATHS.resetPassword}/:token?`, lazy: screen(authForms, (m) => m.ResetPasswordPage) },

        // Authenticated area.
        {
          id: 'app',
          loader: guard((g) => g.requireUser(queryClient)),
          lazy: signedInFrame,
          children: [
            {
              path: PATHS.home,
              loader: dashboardLoader(queryClient, needs(PATHS.home)),
              lazy: dashboard,
              children: [
                { index: true, lazy: screen(dashboard, (m) => m.DashboardTab) },
                { path: PATHS.homeDataUsage, lazy: screen(dashboard, (m) => m.DashboardTab) },
                { path: PATHS.homeDataTransfer, lazy: screen(dashboard, (m) => m.DashboardTab) },
                { path: PATHS.homeWebProtection, lazy: screen(dashboard, (m) => m.DashboardTab) },
                { path: PATHS.homeFirewall, lazy: screen(dashboard, (m) => m.DashboardTab) },
                { path: PATHS.homeAcceleration, lazy: screen(dashboard, (m) => m.DashboardTab) },
              ],
            },
            { path: PATHS.serviceLines, loader: needs(PATHS.serviceLines), lazy: serviceLines },
            {
              path: PATHS.serviceLineCreate,
              loader: needs(PATHS.serviceLineCreate),
              lazy: screen(serviceLines, (m) => m.CreateServiceLinePage),
            },
            {
              path: `${PATHS.serviceOverview}/:appProfileName?/:groupName?`,
              loader: guard((g) => g.requirePermissionOfPathGroup(queryClient, PATHS.serviceOverview)),
              lazy: screen(serviceLines, (m) => m.ServiceOverviewPage),
            },
            {
              path: '/user',
              lazy: profile,
              children: [
                { index: true, loader: () => redirect(PATHS.userProfile), element: null },
                { path: PATHS.userProfile, lazy: screen(profile, (m) => m.ProfileTab) },
                { path: PATHS.userChangePassword, lazy: screen(profile, (m) => m.ChangePasswordTab) },
                { path: PATHS.userSecurity, lazy: screen(profile, (m) => m.SecurityTab) },
                { path: PATHS.userSubscription, lazy: screen(profile, (m) => m.SubscriptionTab) },
              ],
            },
            {
              path: PATHS.firewallRules,
              loader: needs(PATHS.firewallRules),
              lazy: () => import('@/features/waf-rules/route'),
            },
            {
              path: PATHS.htmlPages,
              loader: needs(PATHS.htmlPages),
              lazy: () => import('@/features/html-pages/route'),
            },
            {
              path: PATHS.originPolicies,
              loader: needs(PATHS.originPolicies),
              lazy: () => import('@/features/origin-policies/route'),
            },
            { path: PATHS.certs, loader: needs(PATHS.certs), lazy: () => import('@/features/certs/route') },
            {
              path: PATHS.eventLogs,
              loader: needs(PATHS.eventLogs),
              lazy: () => import('@/features/event-logs/route'),
            },

            // Users & Groups (admins only).
            { path: PATHS.adminUsers, loader: adminOnly, lazy: admin },
            { path: PATHS.adminGroups, loader: adminOnly, lazy: screen(admin, (m) => m.GroupsPage) },
            {
              path: `${PATHS.adminGroups}/:groupName`,
              loader: adminOnly,
              lazy: screen(admin, (m) => m.GroupDetailPage),
            },
            {
              path: PATHS.adminIngestTokens,
              loader: adminOnly,
              lazy: () => import('@/features/ingest-tokens/route'),
            },
          ],
        },

        // Public, so a mistyped link shows the same page signed in or out.
        { path: '*', Component: NotFound },
      ],
    },
  ];
}

/** `hydrationData`: the loaders' answers of the server's first view, which the browser takes over (main.tsx). */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(queryClient), hydrationData ? { hydrationData } : undefined);
}
