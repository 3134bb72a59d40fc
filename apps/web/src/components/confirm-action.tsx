import { App, Popconfirm, type ButtonProps, type PopconfirmProps } from 'antd';
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

/**
 * "Are you sure want to proceed?" before an edit that takes effect at once (spec §6), as a
 * dialog rather than a popover: the forms that ask it are modals themselves. `content` says
 * what the edit will do where the title alone would not.
 */
export function useConfirmProceed(): (onOk: () => void, content?: ReactNode) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (onOk, content) =>
    void modal.confirm({
      title: t('confirm.proceed'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk,
    });
}
