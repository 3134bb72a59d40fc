import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /certs: SSL/TLS certificates. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.certs')}</PageTitle>
      <Empty />
    </>
  );
}
