import { Popconfirm, type PopconfirmProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmActionProps {
  /** delete: "Are you sure want to delete?"; proceed: "Are you sure want to proceed?" (spec §6). */
  kind: 'delete' | 'proceed';
  onConfirm: () => void;
  children: ReactNode;
  disabled?: boolean;
  placement?: PopconfirmProps['placement'];
}

/** The spec's confirmations around an action; the OK button is `confirm-ok` for tests. */
export function ConfirmAction({ kind, onConfirm, children, disabled, placement }: ConfirmActionProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t(kind === 'delete' ? 'confirm.delete' : 'confirm.proceed')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onConfirm={onConfirm}
      disabled={disabled}
      placement={placement}
      okButtonProps={{ danger: kind === 'delete', ...({ 'data-testid': 'confirm-ok' } as object) }}
    >
      {children}
    </Popconfirm>
  );
}
