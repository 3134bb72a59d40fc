import { GlobalOutlined } from '@ant-design/icons';
import { LOCALE_NATIVE_NAMES, LOCALES } from '@parapet/shared';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, toLocale } from '@/lib/i18n';

// Each language is named in itself (the only untranslated UI text), so someone who cannot
// read the current language still finds their own.
const items: MenuProps['items'] = LOCALES.map((code) => ({
  key: code,
  label: (
    <span data-testid={`locale-${code}`} lang={code}>
      {LOCALE_NATIVE_NAMES[code]}
    </span>
  ),
}));

/** Language menu for the header and the public pages; `compact` shows the globe only (narrow screens). */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => void changeLocale(toLocale(key)),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        title={t('language')}
        aria-label={t('language')}
        data-testid="language-switcher"
      >
        {compact ? null : LOCALE_NATIVE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
