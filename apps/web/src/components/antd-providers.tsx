import type { Locale } from '@parapet/shared';
import { App, ConfigProvider, type ConfigProviderProps } from 'antd';
// Ant Design's styles, prebuilt for its default theme (about 77 kB brotli), with the providers.
import 'antd/dist/antd.css';
import './antd-theme.css';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n';
import { PALETTE } from '@/lib/palette';
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

// No component styles are generated at run time: with the prebuilt stylesheet above, the console's
// first screen renders in about 150 ms less of main-thread time (docs/web-bench.md). The design
// tokens are still written as CSS variables at run time (the sheet reads them, theme.useToken()
// still answers); a theme of our own would need its stylesheet built the same way. Unit tests load
// no stylesheet: what only the sheet hides (a leaf row's placeholder expand button) is there to them.
// The colours are the console's palette (lib/palette.ts), shared with the plain components: Ant
// Design's default blue and description grey fall short of WCAG AA's contrast (docs/accessibility.md).
export const THEME: ConfigProviderProps['theme'] = {
  zeroRuntime: true,
  token: {
    colorPrimary: PALETTE.primary,
    colorInfo: PALETTE.primary,
    colorLink: PALETTE.primary,
    colorLinkHover: PALETTE.primaryHover,
    colorLinkActive: PALETTE.primaryActive,
    colorPrimaryHover: PALETTE.primaryHover,
    colorPrimaryActive: PALETTE.primaryActive,
    colorError: PALETTE.error,
    colorTextTertiary: PALETTE.textTertiary,
    colorTextDescription: PALETTE.textTertiary,
    colorTextPlaceholder: PALETTE.textTertiary,
  },
};

/** Ant Design's configuration and App context (toasts, modals) in the console's language. */
export function AntdProviders({ children }: { children: ReactNode }) {
  // useTranslation re-renders this on a language change, which swaps the antd locale.
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} button={BUTTON_CONFIG} theme={THEME}>
      <App notification={TOAST_CONFIG} message={MESSAGE_CONFIG}>
        {children}
      </App>
    </ConfigProvider>
  );
}
