import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/basic/alert';
import { isPasswordReset } from '../login-state';

/**
 * What the sign-in page says about how the visitor got here: the mailed confirmation link
 * (/login?confirmed=1, or 0 when the link failed), or a password just reset (router state, so
 * the address stays /login). Said here rather than in a toast: toasts come with Ant Design,
 * which the sign-in page does not load.
 */
export function LoginNotice() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { state } = useLocation();
  if (isPasswordReset(state)) return <Alert type="success" title={t('resetPassword.success')} testId="reset-success" />;
  const confirmed = params.get('confirmed');
  if (confirmed !== '1' && confirmed !== '0') return null;
  const ok = confirmed === '1';
  return (
    <Alert
      type={ok ? 'success' : 'error'}
      title={t(ok ? 'login.confirmed' : 'login.confirmFailed')}
      testId="login-confirmed"
    />
  );
}
