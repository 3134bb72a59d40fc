import type { OtpSetup } from '@parapet/shared';
import { Button, Card, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session';
import { useToast } from '@/lib/toast';
import { useRequestOtpReset } from '../api/request-otp-reset';
import { useStartOtpSetup } from '../api/start-otp-setup';
import { OtpDisableModal } from './otp-disable-modal';
import { OtpEnablePanel } from './otp-enable-panel';

/** /user/security: two-factor sign-in on (scan, confirm with a code) or off, and the reset mail. */
export function SecurityTab() {
  const { t } = useTranslation('profile');
  const { data: user } = useCurrentUser();
  const toast = useToast();
  const start = useStartOtpSetup();
  const requestReset = useRequestOtpReset();
  const [setup, setSetup] = useState<OtpSetup>();
  const [disabling, setDisabling] = useState(false);
  if (!user) return null;

  const enabled = user.otpEnabled;
  const toggle = (checked: boolean) => {
    if (checked) start.mutate(undefined, { onSuccess: setSetup, onError: (error) => toast.apiError(error) });
    // Switching off an unfinished setup just drops it: two-factor was never on.
    else if (setup && !enabled) setSetup(undefined);
    else setDisabling(true);
  };
  const sendReset = () =>
    requestReset.mutate(undefined, {
      onSuccess: () => toast.success(t('security.resetRequested'), 'otp-reset-requested'),
      onError: (error) => toast.apiError(error),
    });

  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <Card title={t('security.twoFactor')}>
        <Flex align="center" gap={12}>
          <Switch
            checked={enabled || setup !== undefined}
            loading={start.isPending}
            onChange={toggle}
            aria-label={t('security.twoFactor')}
            data-testid="otp-switch"
          />
          <Typography.Text data-testid="otp-status">
            {t(enabled ? 'security.on' : setup ? 'security.pending' : 'security.off')}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('security.twoFactorHint')}
        </Typography.Paragraph>
        {setup && !enabled && <OtpEnablePanel setup={setup} onDone={() => setSetup(undefined)} />}
        <OtpDisableModal open={disabling} onClose={() => setDisabling(false)} />
      </Card>
      <Card title={t('security.resetTitle')}>
        <Typography.Paragraph type="secondary">{t('security.resetHint')}</Typography.Paragraph>
        <Button
          onClick={sendReset}
          loading={requestReset.isPending}
          disabled={!enabled}
          data-testid="otp-reset-request"
        >
          {t('security.resetRequest')}
        </Button>
      </Card>
    </Flex>
  );
}
