import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';

export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Link to={PATHS.login} data-testid="back-to-login">
      {t('backToLogin')}
    </Link>
  );
}
