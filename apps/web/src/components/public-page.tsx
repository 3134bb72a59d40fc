import { Card, Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './language-switcher';

interface PublicPageProps {
  children: ReactNode;
  testId?: string;
}

/** Frame of the pages seen without a session: brand, language switcher, a centred card. */
export function PublicPage({ children, testId }: PublicPageProps) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid={testId}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Typography.Text strong style={{ fontSize: 18 }}>
          {t('appName')}
        </Typography.Text>
        <LanguageSwitcher />
      </Flex>
      <Flex justify="center" align="flex-start" style={{ flex: 1, padding: '8vh 16px' }}>
        <Card style={{ width: '100%', maxWidth: 420 }}>{children}</Card>
      </Flex>
    </Layout>
  );
}
