import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

interface TokenCheck {
  data?: { username: string } | undefined;
  error: unknown;
}

/** What the check of a reset token said: whose account it is, or why it cannot be used. */
export function TokenStatus({ check }: { check: TokenCheck }) {
  const { t } = useTranslation(['auth', 'errors']);
  if (check.error) {
    const code = isApiError(check.error) ? check.error.code : 'INTERNAL';
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(`errors:${code}`)}
        data-testid="reset-token-invalid"
      />
    );
  }
  if (!check.data) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="reset-account">
      {t('auth:reset.account', { username: check.data.username })}
    </Typography.Paragraph>
  );
}
