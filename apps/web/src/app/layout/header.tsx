import { Flex, Layout, theme } from 'antd';
import { LanguageSwitcher } from '@/components/language-switcher';
import { GroupSelector } from './group-selector';
import { UserMenu } from './user-menu';

/** Top bar of the console: which group you work in, your language, your account. */
export function AppHeader() {
  const { token } = theme.useToken();
  return (
    <Layout.Header style={{ background: token.colorBgContainer, padding: '0 24px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
        <GroupSelector />
        <Flex align="center" gap={8}>
          <LanguageSwitcher />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
