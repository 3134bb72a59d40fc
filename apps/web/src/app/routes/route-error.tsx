import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/basic/button';
import { PublicPage } from '@/components/public-page';

/** Last resort when a page throws or its chunk fails to load (e.g. after a deploy); plain, as it may show before any UI kit loaded. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    // Kept for whoever opens the console: there is no other trace of a client-side crash.
    console.error(error);
  }, [error]);
  return (
    <PublicPage testId="route-error" title={t('routeError.title')}>
      <p className="pp-secondary">{t('routeError.description')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </PublicPage>
  );
}
