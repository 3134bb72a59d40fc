import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** After the mailed confirmation link the server lands on /login?confirmed=1 (or 0 when the link failed). */
export function ConfirmedAlert() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const confirmed = params.get('confirmed');
  if (confirmed !== '1' && confirmed !== '0') return null;
  const ok = confirmed === '1';
  return (
    <Alert
      type={ok ? 'success' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      title={t(ok ? 'login.confirmed' : 'login.confirmFailed')}
      data-testid="login-confirmed"
    />
  );
}
