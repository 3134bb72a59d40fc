import type { OtpSetup } from '@parapet/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A new one-time-password secret: the QR code to scan and the secret to type in instead. */
export function OtpSetupView({ setup }: { setup: OtpSetup }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
      <img src={setup.qrDataUrl} alt={t('otp.qrAlt')} width={200} height={200} data-testid="otp-qr" />
      <Typography.Text type="secondary">{t('otp.secret')}</Typography.Text>
      <Typography.Text code copyable={{ text: setup.secret }}>
        <span data-testid="otp-secret">{setup.secret}</span>
      </Typography.Text>
    </Flex>
  );
}
