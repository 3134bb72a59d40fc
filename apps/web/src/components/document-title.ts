import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows "<title> · Parapet" in the browser tab and history. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
}
