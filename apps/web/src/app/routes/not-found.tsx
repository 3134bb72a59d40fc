import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/page-title';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';

/** Any unknown path (public, so it works signed in or out). */
export function NotFound() {
  const { t } = useTranslation();
  const title = t('notFound.title');
  useDocumentTitle(title);
  return (
    <PublicPage testId="not-found">
      <Result
        status="404"
        title={
          <Typography.Title level={1} style={{ fontSize: 24 }} data-testid="page-title">
            {title}
          </Typography.Title>
        }
        subTitle={t('notFound.description')}
        extra={
          <Link to={PATHS.home} data-testid="not-found-home">
            {t('notFound.backHome')}
          </Link>
        }
      />
    </PublicPage>
  );
}
