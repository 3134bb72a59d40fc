import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /firewall_rules: WAF rules of the selected group. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.firewallRules')}</PageTitle>
      <Empty />
    </>
  );
}
