import { Modal } from 'antd';
import { AuditLog } from './audit-log';

interface AuditLogModalProps {
  /** The audit entity kind of the items (`cert`, `origin-policy`...). */
  entity: string;
  /** The item whose log shows; the modal is closed without one. */
  item: { id: string; groupName: string } | undefined;
  title: string | undefined;
  onClose: () => void;
}

/** An item's change history in a modal, as the list screens open it from a row. */
export function AuditLogModal({ entity, item, title, onClose }: AuditLogModalProps) {
  return (
    <Modal open={item !== undefined} title={title ?? ''} footer={null} onCancel={onClose} destroyOnHidden width={720}>
      {item ? <AuditLog entity={entity} entityId={item.id} groupName={item.groupName} /> : null}
    </Modal>
  );
}
