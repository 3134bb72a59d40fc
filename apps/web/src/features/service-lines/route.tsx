import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PATHS } from '@/lib/paths';

/** /service-lines: the list of service lines. */
export function Component() {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(PATHS.serviceLineCreate)} data-testid="service-line-create">
            {t('menu.serviceLineCreate')}
          </Button>
        }
      >
        {t('menu.serviceLineList')}
      </PageTitle>
      <Empty />
    </>
  );
}

/** /service-lines/create. */
export function CreateServiceLinePage() {
  const { t } = useTranslation('nav');
  return <PageTitle>{t('menu.serviceLineCreate')}</PageTitle>;
}
