import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { takeFirstViewState, type FirstViewState } from '@/lib/first-view';
import { createQueryClient } from '@/lib/query-client';
import { prefetchForPath } from './boot-prefetch';
import { FirstViewTaken } from './first-view-taken';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { wireUnauthorizedHandler } from './session-wiring';

/** How long the first screen may take before the spinner shows in its place. */
const SPINNER_AFTER_MS = 100;

type AppRouter = ReturnType<typeof createAppRouter>;

/** A started console: its router, and how to take it down (a test's page outlives no test). */
export interface StartedConsole {
  router: AppRouter;
  unmount(): void;
}

/** Resolves once the router has run the first screen's loaders and loaded its code. */
const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** Whether the server's view is the one this browser would render (first-view-check.ts). */
async function takesOver(state: FirstViewState): Promise<boolean> {
  try {
    const { matchesThisBrowser } = await import('./first-view-check');
    return matchesThisBrowser(state, new URL(window.location.href));
  } catch {
    return false;
  }
}

/**
 * Starts the console in `root`. A dashboard the server rendered (docs/server-render.md) comes
 * with the answers it used: the browser takes the view over as it is when it would have drawn
 * the same, and otherwise renders its own in its place once ready. Resolves with the router once
 * the console has been handed to React.
 */
export async function startConsole(root: HTMLElement): Promise<StartedConsole> {
  const queryClient = createQueryClient();
  const firstView = takeFirstViewState();
  if (firstView) hydrate(queryClient, firstView.queries);
  else prefetchForPath(queryClient, window.location.pathname);
  const takeOver = firstView ? await takesOver(firstView) : false;
  const router = createAppRouter(queryClient, takeOver ? firstView?.router : undefined);
  wireUnauthorizedHandler(queryClient, router);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <FirstViewTaken root={root}>
          <RouterProvider router={router} />
        </FirstViewTaken>
      </AppProviders>
    </StrictMode>
  );
  if (firstView) {
    // The server's view stays on screen (inert) until the browser's is ready to replace it or
    // to take it over; a spinner in between would only hide it.
    await routerReady(router);
    // A transition: taking the page over yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree, since the view is already on screen.
    let react: Root | undefined;
    if (takeOver) startTransition(() => void (react = hydrateRoot(root, app)));
    else (react = createRoot(root)).render(app);
    return { router, unmount: () => react?.unmount() };
  }
  // A screen ready within 100 ms (the sign-in page, whose guard only asks who is signed in) is the
  // first thing drawn, in one render; otherwise the spinner shows until it is. Rendering the spinner
  // first cost the sign-in page a paint and a second, interruptible render (docs/web-bench.md).
  await Promise.race([routerReady(router), new Promise((resolve) => setTimeout(resolve, SPINNER_AFTER_MS))]);
  const react = createRoot(root);
  react.render(app);
  return { router, unmount: () => react.unmount() };
}
