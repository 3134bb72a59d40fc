import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';
import { LoginForm } from './components/login-form';

/** /login (public). Its guard already sent signed-in visitors home. */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="login-page">
      <PageTitle>{t('login.title')}</PageTitle>
      <Typography.Paragraph type="secondary" data-testid="login-welcome">
        {t('login.welcome')}
      </Typography.Paragraph>
      <LoginForm />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')}{' '}
        <Link to={PATHS.signup} data-testid="login-signup-link">
          {t('login.signUp')}
        </Link>
      </Typography.Paragraph>
    </PublicPage>
  );
}

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Link to={PATHS.login} data-testid="back-to-login">
      {t('backToLogin')}
    </Link>
  );
}

/** /signup (public); the form arrives with the sign-up work. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="signup-page">
      <PageTitle>{t('signup.title')}</PageTitle>
      <BackToLogin />
    </PublicPage>
  );
}

/** /reset-OTP/:token? (public). */
export function ResetOtpPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-otp-page">
      <PageTitle>{t('resetOtp.title')}</PageTitle>
      <BackToLogin />
    </PublicPage>
  );
}

/** /reset-password/:token? (public). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-password-page">
      <PageTitle>{t('resetPassword.title')}</PageTitle>
      <BackToLogin />
    </PublicPage>
  );
}
