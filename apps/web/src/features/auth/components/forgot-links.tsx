import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotDialog, type ForgotMode } from './forgot-dialog';

/** "Forgot your password?" and "Lost your authenticator?": the same dialog in two modes. */
export function ForgotLinks() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<ForgotMode>();
  return (
    <>
      <Flex justify="space-between" wrap style={{ marginTop: 8 }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => setMode('password')} data-testid="login-forgot">
          {t('login.forgotPassword')}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={() => setMode('otp')} data-testid="login-forgot-otp">
          {t('login.lostAuthenticator')}
        </Button>
      </Flex>
      <ForgotDialog mode={mode} onClose={() => setMode(undefined)} />
    </>
  );
}
