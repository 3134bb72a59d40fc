import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PublicPage } from '@/components/public-page';

/** Last resort when a page throws or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    // Kept for whoever opens the console: there is no other trace of a client-side crash.
    console.error(error);
  }, [error]);
  return (
    <PublicPage testId="route-error">
      <Result
        status="error"
        title={t('routeError.title')}
        subTitle={t('routeError.description')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        }
      />
    </PublicPage>
  );
}
