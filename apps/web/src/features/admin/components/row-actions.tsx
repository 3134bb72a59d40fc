import { Button, Space } from 'antd';
import { ConfirmAction } from '@/components/confirm-action';

interface RowActionsProps {
  /** Labels already translated; test ids name the row (`group-edit-<name>`). */
  edit: { label: string; testId: string; onClick: () => void };
  remove: { label: string; testId: string; onConfirm: () => void };
}

/** A table row's Edit button and its Delete button behind "Are you sure want to delete?". */
export function RowActions({ edit, remove }: RowActionsProps) {
  return (
    <Space>
      <Button size="small" onClick={edit.onClick} data-testid={edit.testId}>
        {edit.label}
      </Button>
      <ConfirmAction kind="delete" onConfirm={remove.onConfirm}>
        <Button size="small" danger data-testid={remove.testId}>
          {remove.label}
        </Button>
      </ConfirmAction>
    </Space>
  );
}
