import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';
import { ForgotLinks } from './components/forgot-links';
import { LoginForm } from './components/login-form';
import { LoginNotice } from './components/login-notice';

// The sign-in page is built on plain HTML and CSS (components/basic), not Ant Design, so it is
// usable after about 120 kB of JavaScript (docs/speed.md). Sign-up and the resets use Ant
// Design's forms and live in forms-route.tsx, a chunk of their own.

/** /login (public). Its guard already sent signed-in visitors home. */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="login-page" title={t('login.title')}>
      <p className="pp-secondary" data-testid="login-welcome">
        {t('login.welcome')}
      </p>
      <LoginNotice />
      <LoginForm />
      <ForgotLinks />
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')}{' '}
        <Link to={PATHS.signup} data-testid="login-signup-link">
          {t('login.signUp')}
        </Link>
      </p>
    </PublicPage>
  );
}
