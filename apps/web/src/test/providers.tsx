import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '@/app/providers';
import { AntdProviders } from '@/components/antd-providers';

/**
 * What a component rendered on its own in a test relies on: the root's providers and Ant
 * Design's, which the app puts around the screens that use it (the signed-in frame, sign-up...).
 */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AntdProviders>{children}</AntdProviders>
    </AppProviders>
  );
}
