import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a page may rely on being above it; tests wrap the router in the same providers.
 * Ant Design's providers are not here: they load with the screens that use it
 * (components/antd-providers.tsx), so the sign-in page loads no UI kit.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
