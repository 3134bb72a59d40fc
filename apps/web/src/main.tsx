// The global reset Ant Design's screens expect (no body margin, border-box...); CSS only, about 1 kB.
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefetchForPath } from './app/boot-prefetch';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { wireUnauthorizedHandler } from './app/session-wiring';
import { initI18n } from './lib/i18n';
import { applyPalette } from './lib/palette';
import { createQueryClient } from './lib/query-client';

// Translations first: the public pages' texts are bundled, so this is synchronous and the first
// paint is translated. The console's texts load with the signed-in frame (router.tsx).
initI18n();
// The plain components' colours (basic.css), from the palette Ant Design's theme also uses.
applyPalette();
const queryClient = createQueryClient();
prefetchForPath(queryClient, window.location.pathname);
const router = createAppRouter(queryClient);
wireUnauthorizedHandler(queryClient, router);

/** How long the first screen may take before the spinner shows in its place. */
const SPINNER_AFTER_MS = 100;

/** Resolves once the router has run the first screen's loaders and loaded its code. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
// A screen ready within 100 ms (the sign-in page, whose guard only asks who is signed in) is the
// first thing drawn, in one render; otherwise the spinner shows until it is. Rendering the spinner
// first cost the sign-in page a paint and a second, interruptible render (docs/web-bench.md).
void Promise.race([routerReady(), new Promise((resolve) => setTimeout(resolve, SPINNER_AFTER_MS))]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
