import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { useLogin, type LoginInput } from '../api/login';

export function LoginForm() {
  const { t } = useTranslation(['auth', 'errors', 'fieldErrors']);
  const navigate = useNavigate();
  const login = useLogin();
  const required = [{ required: true, message: t('fieldErrors:required') }];

  const submit = ({ token, ...rest }: LoginInput) =>
    login.mutate({ ...rest, ...(token ? { token } : {}) }, { onSuccess: () => void navigate(PATHS.home, { replace: true }) });

  const error = login.error;
  // A 401 here is wrong credentials (spec §8), not an expired session.
  const errorText = !error ? undefined : isApiError(error) && error.status === 401 ? t('auth:login.failed') : t(`errors:${isApiError(error) ? error.code : 'INTERNAL'}`);

  return (
    <Form<LoginInput> layout="vertical" requiredMark={false} onFinish={submit} disabled={login.isPending}>
      <Form.Item name="username" label={t('auth:login.username')} rules={required}>
        <Input autoComplete="username" autoFocus data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" label={t('auth:login.password')} rules={required}>
        <Input.Password autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Form.Item name="token" label={t('auth:login.token')} extra={t('auth:login.tokenHint')}>
        <Input autoComplete="one-time-code" inputMode="numeric" data-testid="login-token" />
      </Form.Item>
      {errorText && <Alert type="error" showIcon title={errorText} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth:login.submit')}
      </Button>
    </Form>
  );
}
