import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';

/** Any unknown path (public, so it works signed in or out); plain, like the sign-in page. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <PublicPage testId="not-found" title={t('notFound.title')}>
      <p className="pp-secondary">{t('notFound.description')}</p>
      <Link to={PATHS.home} data-testid="not-found-home">
        {t('notFound.backHome')}
      </Link>
    </PublicPage>
  );
}
