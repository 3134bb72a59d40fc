import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** /event-logs: search in the edge's event log. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.eventLogs')}</PageTitle>
      <Empty />
    </>
  );
}
