import type { ServiceLine } from '@parapet/shared';
import { Input, Modal, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';
import { useDeleteServiceLine } from '../api/delete-service-line';
import { useTaskToast } from './use-task-toast';

interface DeleteLineModalProps {
  /** The line to delete; the modal is closed without one. */
  line: ServiceLine | undefined;
  onClose: () => void;
}

/**
 * "Are you sure want to delete?" (spec §6) with the line's name to type: OK stays disabled
 * until it matches, so a line is never removed by a stray click.
 */
export function DeleteLineModal({ line, onClose }: DeleteLineModalProps) {
  const { t } = useTranslation(['serviceLines', 'common']);
  const [typed, setTyped] = useState('');
  const remove = useDeleteServiceLine();
  const taskToast = useTaskToast();
  const toast = useToast();
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = () => {
    if (!line) return;
    remove.mutate(line, {
      onSuccess: (answer) => taskToast(answer, t('common:messages.deleted'), 'service-line-deleted', close),
      onError: (e) => toast.apiError(e, 'delete'),
    });
  };
  return (
    <Modal
      open={line !== undefined}
      title={t('common:confirm.delete')}
      okText={t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
      okButtonProps={
        {
          danger: true,
          disabled: typed.trim() !== line?.appProfileName,
          loading: remove.isPending,
          'data-testid': 'confirm-ok',
        } as ButtonProps
      }
    >
      <Typography.Paragraph>
        {t('serviceLines:delete.explain', { name: line?.appProfileName ?? '' })}
      </Typography.Paragraph>
      <Input
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => typed.trim() === line?.appProfileName && confirm()}
        placeholder={line?.appProfileName}
        aria-label={t('serviceLines:delete.typeName')}
        autoComplete="off"
        autoFocus
        data-testid="service-line-delete-confirm-name"
      />
    </Modal>
  );
}
