import { loginRequestSchema, type LoginRequest } from '@parapet/shared';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useFormRules } from '@/lib/form-rules';
import { PATHS, RETURN_TO_PARAM, safeReturnPath } from '@/lib/paths';
import { useLogin } from '../api/login';
import { LoginErrorAlert } from './login-error-alert';

export function LoginForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const [form] = Form.useForm<LoginRequest>();
  const rules = useFormRules(loginRequestSchema);
  const navigate = useNavigate();
  const login = useLogin();
  // The page the guard was asked for before sending the visitor here; only a path of ours.
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(RETURN_TO_PARAM)) ?? PATHS.home;

  // The password was right and the account has two-factor on: mark the code field and go there.
  const askForCode = (error: unknown) => {
    if (!isApiError(error) || (error.code !== 'OTP_REQUIRED' && error.code !== 'OTP_INVALID')) return;
    form.setFields([{ name: 'token', errors: [t(`errors:${error.code}`)] }]);
    form.focusField('token');
  };

  const submit = ({ token, ...rest }: LoginRequest) =>
    login.mutate(
      { ...rest, ...(token ? { token: token.trim() } : {}) },
      { onError: askForCode, onSuccess: () => void navigate(next, { replace: true }) },
    );

  return (
    <Form<LoginRequest> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={login.isPending}>
      <Form.Item name="username" label={t('login.username')} rules={rules.field('username')}>
        <Input autoComplete="username" autoFocus data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={rules.field('password')}>
        <Input.Password autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {/* Always shown, so a user who knows they need it types it at once. The server says a code
          is needed (OTP_REQUIRED) only after the right password, never to a stranger. */}
      <Form.Item name="token" label={t('login.token')} extra={t('login.tokenHint')} rules={rules.field('token')}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="login-token" />
      </Form.Item>
      {login.error && (
        <LoginErrorAlert error={login.error} credentials={() => form.getFieldsValue(['username', 'password'])} />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
