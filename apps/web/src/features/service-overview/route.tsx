import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /service/overview/:appProfileName?/:groupName?: one service line's settings. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.serviceOverview')}</PageTitle>
      <Empty />
    </>
  );
}
