import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { PATHS } from '@/lib/paths';
import { logout, redirectIfSignedIn, requireAdmin, requirePermission, requireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import type { GuardedPath } from './page-access';
import { NotFound } from './routes/not-found';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

// Each area's screens live in one route module, imported lazily, so an area is one chunk that
// loads on first visit. Modules export `Component` for the area's main route; extra screens of
// the same area are named exports picked by `screen`, sharing the chunk.
const dashboard = () => import('@/features/dashboard/route');
const serviceLines = () => import('@/features/service-lines/route');
const profile = () => import('@/features/user-profile/route');
const auth = () => import('@/features/auth/route');
const admin = () => import('@/features/admin/route');

function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** Spec §2 routes. A function of the QueryClient so tests build the same tree around their own. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // Each area route declares the permission it needs (page-access.ts); /user/* needs none.
  const needs = (path: GuardedPath) => requirePermission(queryClient, path);
  const adminOnly = requireAdmin(queryClient);
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageSpin,
      children: [
        // Redirect-only routes (element null: they never render). The target's own guard
        // decides about the session.
        { index: true, loader: () => redirect(PATHS.home), element: null },
        { path: PATHS.service, loader: () => redirect(PATHS.serviceOverview), element: null },

        // Public.
        { path: PATHS.login, loader: redirectIfSignedIn(queryClient), lazy: auth },
        { path: PATHS.logout, loader: logout(queryClient), element: null },
        { path: PATHS.signup, lazy: screen(auth, (m) => m.SignupPage) },
        { path: `${PATHS.resetOtp}/:token?`, lazy: screen(auth, (m) => m.ResetOtpPage) },
        { path: `${PATHS.resetPassword}/:token?`, lazy: screen(auth, (m) => m.ResetPasswordPage) },

        // Authenticated area.
        {
          id: 'app',
          loader: requireUser(queryClient),
          Component: AppLayout,
          children: [
            {
              path: PATHS.home,
              loader: needs(PATHS.home),
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
              loader: needs(PATHS.serviceOverview),
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

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
