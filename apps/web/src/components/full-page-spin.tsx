import { useTranslation } from 'react-i18next';
import './basic/basic.css';

/** Shown while the first route's data and code load; plain CSS, as it shows before any UI kit. */
export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div className="pp-root pp-full-page" role="status">
      <span className="pp-spin pp-spin-large" aria-hidden />
      <span>{t('loading')}</span>
    </div>
  );
}
