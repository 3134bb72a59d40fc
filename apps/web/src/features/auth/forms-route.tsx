import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AntdProviders } from '@/components/antd-providers';
import { PublicPage } from '@/components/public-page';
import { PATHS } from '@/lib/paths';
import { BackToLogin } from './components/back-to-login';
import { ResetOtpForm } from './components/reset-otp-form';
import { ResetPasswordForm } from './components/reset-password-form';
import { SignupForm } from './components/signup-form';

// The public screens built on Ant Design's forms: one chunk, loaded when one of them is opened,
// never with the sign-in page (route.tsx). The frame is the plain public one; Ant Design is
// inside the card.

const linkLine = { marginTop: 16, marginBottom: 0 };

/** /signup (public). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="signup-page" title={t('signup.title')}>
      <AntdProviders>
        <SignupForm />
      </AntdProviders>
      <p style={linkLine}>
        {t('signup.haveAccount')}{' '}
        <Link to={PATHS.login} data-testid="signup-login-link">
          {t('signup.signIn')}
        </Link>
      </p>
    </PublicPage>
  );
}

/** /reset-OTP/:token? (public). */
export function ResetOtpPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-otp-page" title={t('resetOtp.title')}>
      <AntdProviders>
        <ResetOtpForm />
      </AntdProviders>
      <p style={linkLine}>
        <BackToLogin />
      </p>
    </PublicPage>
  );
}

/** /reset-password/:token? (public). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage testId="reset-password-page" title={t('resetPassword.title')}>
      <AntdProviders>
        <ResetPasswordForm />
      </AntdProviders>
      <p style={linkLine}>
        <BackToLogin />
      </p>
    </PublicPage>
  );
}
