import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@parapet/shared';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps {
  /** Rules of the `password` field and of its repeat, from the form's schema. */
  passwordRules: Rule[];
  repeatRules: Rule[];
}

/** New password and its repeat, as both reset pages ask for them (spec §2). */
export function NewPasswordFields({ passwordRules, repeatRules }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item
        name="password"
        label={t('reset.password')}
        extra={t('passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        rules={passwordRules}
      >
        <Input.Password autoComplete="new-password" autoFocus data-testid="reset-password" />
      </Form.Item>
      <Form.Item name="repeat" label={t('reset.repeat')} dependencies={['password']} rules={repeatRules}>
        <Input.Password autoComplete="new-password" data-testid="reset-repeat" />
      </Form.Item>
    </>
  );
}
