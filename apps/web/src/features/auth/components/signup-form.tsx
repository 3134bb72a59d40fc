import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signupFormSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type SignupRequest,
} from '@parapet/shared';
import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { PATHS } from '@/lib/paths';
import { useToast } from '@/lib/toast';
import { useSignup } from '../api/signup';

type SignupValues = SignupRequest & { confirmPassword: string };

export function SignupForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const [form] = Form.useForm<SignupValues>();
  const rules = useFormRules(signupFormSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const signup = useSignup();

  if (signup.isSuccess) {
    return (
      <Result
        status="success"
        title={t('auth:signup.successTitle')}
        subTitle={t('auth:signup.success')}
        data-testid="signup-success"
        extra={
          <Link to={PATHS.login} data-testid="signup-sign-in">
            {t('auth:signup.signIn')}
          </Link>
        }
      />
    );
  }

  const submit = ({ confirmPassword: _, ...body }: SignupValues) =>
    signup.mutate(body, {
      onError: (error) => {
        if (showErrors(error, { EMAIL_TAKEN: 'email', USERNAME_TAKEN: 'username' })) return;
        // Too many attempts and no network say so; anything else is "Registeration failed" (spec §8).
        const code =
          isApiError(error) && (error.code === 'RATE_LIMITED' || error.code === 'NETWORK_ERROR')
            ? error.code
            : 'REGISTRATION_FAILED';
        toast.error(t(`errors:${code}`), 'signup-failed');
      },
    });

  return (
    <Form<SignupValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={signup.isPending}
    >
      <Form.Item name="email" label={t('auth:signup.email')} rules={rules.field('email')}>
        <Input type="email" autoComplete="email" autoFocus data-testid="signup-email" />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('auth:signup.username')}
        extra={t('auth:signup.usernameHint', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
        rules={rules.field('username')}
      >
        <Input autoComplete="username" data-testid="signup-username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth:signup.password')}
        extra={t('auth:passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        rules={rules.field('password')}
      >
        <Input.Password autoComplete="new-password" data-testid="signup-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth:signup.confirmPassword')}
        dependencies={['password']}
        rules={rules.field('confirmPassword')}
      >
        <Input.Password autoComplete="new-password" data-testid="signup-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signup.isPending} data-testid="signup-submit">
        {t('auth:signup.submit')}
      </Button>
    </Form>
  );
}
