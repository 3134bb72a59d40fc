import { PATHS } from '../lib/paths.js';

/**
 * What a signed-in screen needs before it can show, as source modules, by the path that opens it.
 * The build turns this into file names (build/route-preloads.ts) and the server names those files
 * in the page it sends a signed-in browser for that path, so the browser fetches them all at once
 * instead of discovering them one import at a time: the entry, then the signed-in frame and its
 * guards, then the area, then the area's data and charts (docs/web-bench.md, "Preloads").
 *
 * Relative imports only: the Vite config imports this file, outside the `@/` alias.
 */

/** The signed-in frame and its guards: every signed-in screen waits for them (router.tsx). */
export const SIGNED_IN_FRAME_MODULES = ['src/app/guards.ts', 'src/app/layout/app-layout.tsx', 'src/lib/contracts.ts'];

/** Each area's route module and what its first render asks for next, by the paths that open it. */
export const AREA_MODULES: { paths: string[]; modules: string[] }[] = [
  {
    // The index redirects to the dashboard.
    paths: ['/', PATHS.home],
    modules: [
      'src/features/dashboard/route.tsx',
      // Its loader starts the tab's calls with it; its charts follow the first answers.
      'src/features/dashboard/api/prefetch-dashboard.ts',
      'src/features/dashboard/charts/drawn.ts',
    ],
  },
  { paths: [PATHS.serviceLines, PATHS.service], modules: ['src/features/service-lines/route.tsx'] },
  { paths: ['/user'], modules: ['src/features/user-profile/route.tsx'] },
  { paths: [PATHS.firewallRules], modules: ['src/features/waf-rules/route.tsx'] },
  { paths: [PATHS.htmlPages], modules: ['src/features/html-pages/route.tsx'] },
  { paths: [PATHS.originPolicies], modules: ['src/features/origin-policies/route.tsx'] },
  { paths: [PATHS.certs], modules: ['src/features/certs/route.tsx'] },
  { paths: [PATHS.eventLogs], modules: ['src/features/event-logs/route.tsx'] },
  { paths: [PATHS.adminIngestTokens], modules: ['src/features/ingest-tokens/route.tsx'] },
  { paths: [PATHS.adminUsers, PATHS.adminGroups], modules: ['src/features/admin/route.tsx'] },
];

/** The console's texts in one language, by locale: the signed-in frame waits for them too (i18n.ts). */
export const CONSOLE_MESSAGES_MODULE = /^src\/locales\/console\/([^/]+)\.ts$/;
