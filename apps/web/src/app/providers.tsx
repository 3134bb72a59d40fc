import type { Locale } from '@parapet/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n';
import { DeployToasts, MESSAGE_CONFIG, TOAST_CONFIG } from '@/lib/toast';

// Ant Design's own texts (pagination, empty states, pickers, modals) follow the console's language.
const ANTD_LOCALES: Record<Locale, NonNullable<ConfigProviderProps['locale']>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

// Ant Design spaces out two-character Chinese labels ("创 建", "登 入"); Chinese consoles write them
// together, so the space is turned off for every button at once.
const BUTTON_CONFIG: ConfigProviderProps['button'] = { autoInsertSpace: false };

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a page may rely on being above it; tests wrap the router in the same providers. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // useTranslation re-renders this on a language change, which swaps the antd locale.
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} button={BUTTON_CONFIG}>
        <App notification={TOAST_CONFIG} message={MESSAGE_CONFIG}>
          <DeployToasts />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
