import { Button, Modal, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  /** Defaults to true, for modals the parent shows by rendering them. */
  open?: boolean;
  title: ReactNode;
  /** Cancel, the close icon and Escape; callers also call it once their request succeeded. */
  onClose: () => void;
  /** OK submits it; its fields are reset whenever the modal closes, so it reopens empty. */
  form?: FormInstance;
  /** What OK does when there is no form to submit. */
  onOk?: () => void;
  /** Already translated. */
  okText: string;
  okTestId: string;
  cancelTestId?: string;
  /** The request in flight: OK spins. */
  loading: boolean;
  /** A red OK, for actions that weaken something. */
  danger?: boolean;
  width?: number;
  children: ReactNode;
}

/** A modal around a form: Cancel and a primary OK that submits it; content is dropped when hidden. */
export function FormModal({
  open = true,
  title,
  onClose,
  form,
  onOk,
  okText,
  okTestId,
  cancelTestId,
  loading,
  danger,
  width,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  // Reset on the change from open to closed, whichever way it closed (cancel or success).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) form?.resetFields();
    wasOpen.current = open;
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid={cancelTestId}>
          {t('actions.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={danger}
          loading={loading}
          onClick={() => (onOk ? onOk() : form?.submit())}
          data-testid={okTestId}
        >
          {okText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
