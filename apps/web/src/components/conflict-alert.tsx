import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConflictAlertProps {
  /** The save was refused because someone changed the item since it was read. */
  show: boolean;
  testId: string;
  /** Fetches the newer version into the form, where the screen can. */
  onReload?: (() => void) | undefined;
  reloadTestId?: string;
}

/**
 * Above a form whose save lost to a newer version (VERSION_CONFLICT): says so, and offers
 * Reload where the screen can load the newer item. The form keeps what was typed.
 */
export function ConflictAlert({ show, testId, onReload, reloadTestId }: ConflictAlertProps) {
  const { t } = useTranslation(['common', 'errors']);
  if (!show) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('errors:VERSION_CONFLICT')}
      action={
        onReload ? (
          <Button size="small" onClick={onReload} data-testid={reloadTestId}>
            {t('common:actions.reload')}
          </Button>
        ) : undefined
      }
      data-testid={testId}
    />
  );
}
