import { Flex, Layout, theme } from 'antd';
import { LanguageSwitcher } from '@/components/language-switcher';
import { GroupSelector } from './group-selector';
import { useNarrow } from './use-narrow';
import { UserMenu } from './user-menu';

/** Top bar of the console: which group you work in, your language, your account. */
export function AppHeader() {
  const { token } = theme.useToken();
  const narrow = useNarrow();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: narrow ? '0 12px' : '0 24px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" gap={narrow ? 8 : 16} style={{ height: '100%' }}>
        <GroupSelector />
        {/* Never squeezed off screen: on a phone these two show their icons only. */}
        <Flex align="center" gap={narrow ? 4 : 8} style={{ flexShrink: 0 }}>
          <LanguageSwitcher compact={narrow} />
          <UserMenu compact={narrow} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
