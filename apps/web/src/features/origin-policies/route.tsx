import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /origin_policy: load balancing and health checks. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.originPolicies')}</PageTitle>
      <Empty />
    </>
  );
}
