import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /html: custom error and deny pages. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.htmlPages')}</PageTitle>
      <Empty />
    </>
  );
}
