import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';
import { BackToLogin } from './components/back-to-login';
import { ConfirmedAlert } from './components/confirmed-alert';
import { ForgotLinks } from './components/forgot-links';
import { LoginForm } from './components/login-form';
import { ResetOtpForm } from './components/reset-otp-form';
import { ResetPasswordForm } from './components/reset-password-form';
import { SignupForm } from './components/signup-form';

/** /login (public). Its guard already sent signed-in visitors home. */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="login-page">
      <PageTitle>{t('login.title')}</PageTitle>
      <Typography.Paragraph type="secondary" data-testid="login-welcome">
        {t('login.welcome')}
      </Typography.Paragraph>
      <ConfirmedAlert />
      <LoginForm />
      <ForgotLinks />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')}{' '}
        <Link to={PATHS.signup} data-testid="login-signup-link">
          {t('login.signUp')}
        </Link>
      </Typography.Paragraph>
    </PublicPage>
  );
}

/** /signup (public). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="signup-page">
      <PageTitle>{t('signup.title')}</PageTitle>
      <SignupForm />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('signup.haveAccount')}{' '}
        <Link to={PATHS.login} data-testid="signup-login-link">
          {t('signup.signIn')}
        </Link>
      </Typography.Paragraph>
    </PublicPage>
  );
}

/** /reset-OTP/:token? (public). */
export function ResetOtpPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-otp-page">
      <PageTitle>{t('resetOtp.title')}</PageTitle>
      <ResetOtpForm />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <BackToLogin />
      </Typography.Paragraph>
    </PublicPage>
  );
}

/** /reset-password/:token? (public). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-password-page">
      <PageTitle>{t('resetPassword.title')}</PageTitle>
      <ResetPasswordForm />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <BackToLogin />
      </Typography.Paragraph>
    </PublicPage>
  );
}
