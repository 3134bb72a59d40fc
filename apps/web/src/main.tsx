// Ant Design ships no global reset of its own; this one matches its look (no body margin etc.).
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { wireUnauthorizedHandler } from './app/session-wiring';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Translations first: they are bundled, so this is synchronous and the first paint is translated.
initI18n();
const queryClient = createQueryClient();
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
