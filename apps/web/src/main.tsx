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
import { createQueryClient } from './lib/query-client';

// Translations first: the public pages' texts are bundled, so this is synchronous and the first
// paint is translated. The console's texts load with the signed-in frame (router.tsx).
initI18n();
const queryClient = createQueryClient();
prefetchForPath(queryClient, window.location.pathname);
const router = createAppRouter(queryClient);
wireUnauthorizedHandler(queryClient, router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
