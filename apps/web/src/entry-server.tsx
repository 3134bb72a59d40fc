// The server's render of a signed-in screen's first view (docs/server-render.md), built apart by
// vite.ssr.config.ts into dist-ssr/entry-server.js, which the server imports when it is there.
// The screen's calls go through the caller's transport (the server's own router, with the
// browser's cookie), so they pass the same checks as the browser's own calls would.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  FIRST_VIEW_STATE_ID,
  hasFirstView,
  LOCALES,
  type FirstViewInput,
  type FirstViewResult,
  type FirstViewTransport,
} from '@parapet/shared';
import { FirstViewTaken } from './app/first-view-taken';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { prefetchDashboard } from './features/dashboard/api/prefetch-dashboard';
import { loadDrawnCharts } from './features/dashboard/charts/lazy-charts';
import { startingOptions } from './features/dashboard/state/dashboard-link';
import { setApiTransport } from './lib/api-client';
import type { FirstViewState } from './lib/first-view';
import { i18n, initI18n, loadConsoleMessages } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Each render's calls go to its own caller: renders wait on their calls side by side.
const calls = new AsyncLocalStorage<FirstViewTransport>();
const callerTransport: FirstViewTransport = (url, init) => {
  const transport = calls.getStore();
  return transport ? transport(url, init) : Promise.reject(new Error('an API call outside a render'));
};
initI18n();

/** Every language's console texts, loaded once, so a render switches language at once. */
let textsLoaded: Promise<void> | undefined;
function loadTexts(): Promise<void> {
  textsLoaded ??= (async () => {
    for (const locale of LOCALES) {
      await i18n.changeLanguage(locale);
      await loadConsoleMessages();
    }
  })();
  return textsLoaded;
}

/** The mark React leaves where a Suspense boundary could not render on the server. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';
const RENDERS_AGAIN = 3;

/** For a `<script type="application/json">`: with `<` escaped, no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function renderIn(input: FirstViewInput): Promise<FirstViewResult> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const request = new Request(new URL(input.url, 'http://console.invalid'));
  const context = await handler.query(request);
  if (context instanceof Response) return { kind: 'none', reason: `the guards answered ${context.status}` };
  if (context.errors) return { kind: 'none', reason: 'a loader failed' };
  const url = new URL(request.url);
  // The dashboard's loader only starts its calls; its first view is the answers. Its charts
  // draw in the browser, but their module must be in for the render to reach their boxes.
  if (hasFirstView(url.pathname)) await Promise.all([prefetchDashboard(queryClient, url), loadDrawnCharts()]);
  if (queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' }).length > 0) {
    return { kind: 'none', reason: 'a call failed' };
  }
  await loadTexts();
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderOnce = () => {
    // Synchronous from here: the language set now is the one the render reads, whatever other
    // renders do while they wait on their calls.
    void i18n.changeLanguage(input.locale);
    if (i18n.language !== input.locale) return undefined;
    return renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <FirstViewTaken>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </FirstViewTaken>
        </AppProviders>
      </StrictMode>,
    );
  };
  let html = renderOnce();
  // A lazy part met for the first time is left to the browser (React's `lazy` learns that its
  // module is in a turn of the event loop later): then the page is rendered again.
  for (let again = 0; html?.includes(LEFT_TO_THE_BROWSER) && again < RENDERS_AGAIN; again++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    html = renderOnce();
  }
  if (html === undefined) return { kind: 'none', reason: 'the language did not switch' };
  const state: FirstViewState = {
    locale: input.locale,
    // No browser storage here: the stored choices are the defaults, with the address's view over them.
    dashboardOptions: startingOptions(url.searchParams),
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  return {
    kind: 'page',
    html,
    state: `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${scriptJson(state)}</script>`,
  };
}

/** Renders not yet finished, a late one included (the server stops waiting; the render goes on). */
let rendering = 0;

export async function render(input: FirstViewInput): Promise<FirstViewResult> {
  setApiTransport(callerTransport);
  rendering += 1;
  try {
    return await calls.run(input.transport, () => renderIn(input));
  } finally {
    rendering -= 1;
    // On Node 20 a store in use keeps a promise hook on for the whole process: every promise
    // of every API call the server answers then pays for it, long after the last render. Off
    // once no render is under way; the next render's run() turns it on again.
    if (rendering === 0) calls.disable();
  }
}
