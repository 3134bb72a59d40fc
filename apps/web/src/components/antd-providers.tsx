import type { Locale } from '@parapet/shared';
import { App, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n';
import { MESSAGE_CONFIG, TOAST_CONFIG } from '@/lib/toast';

// Ant Design loads only with the screens that use it (the signed-in frame, sign-up, the resets,
// the forgot-password dialog), never with the sign-in page (docs/speed.md). Each of them renders
// inside these providers.

// Ant Design's own texts (pagination, empty states, pickers, modals) follow the console's language.
const ANTD_LOCALES: Record<Locale, NonNullable<ConfigProviderProps['locale']>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

// Ant Design spaces out two-character Chinese labels ("创 建", "登 入"); Chinese consoles write them
// together, so the space is turned off for every button at once.
const BUTTON_CONFIG: ConfigProviderProps['button'] = { autoInsertSpace: false };

/** Ant Design's configuration and App context (toasts, modals) in the console's language. */
export function AntdProviders({ children }: { children: ReactNode }) {
  // useTranslation re-renders this on a language change, which swaps the antd locale.
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} button={BUTTON_CONFIG}>
      <App notification={TOAST_CONFIG} message={MESSAGE_CONFIG}>
        {children}
      </App>
    </ConfigProvider>
  );
}
