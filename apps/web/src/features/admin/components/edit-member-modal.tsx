import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useToast } from '@/lib/toast';
import type { Member } from '../api/list-members';
import { usePutMember } from '../api/put-member';
import { PermissionTreeEditor } from './permission-tree';
import { roleFromTree, treeFromRole } from './permission-tree-model';

interface EditMemberModalProps {
  groupName: string;
  member: Member;
  onClose: () => void;
}

/** A member's permissions as read and write switches; Save sends the whole role. */
export function EditMemberModal({ groupName, member, onClose }: EditMemberModalProps) {
  const { t } = useTranslation(['admin', 'common']);
  const [tree, setTree] = useState(() => treeFromRole(member.rolePermissions));
  const toast = useToast();
  const put = usePutMember();
  const save = () =>
    put.mutate(
      { groupName, username: member.username, rolePermissions: roleFromTree(tree) },
      {
        onSuccess: () => {
          toast.success(t('common:messages.saved'), 'member-saved');
          onClose();
        },
        onError: (error) => toast.apiError(error),
      },
    );
  return (
    <FormModal
      title={t('admin:members.editTitle', { username: member.username })}
      onClose={onClose}
      onOk={save}
      okText={t('common:actions.save')}
      okTestId="member-save"
      loading={put.isPending}
      width={640}
    >
      <PermissionTreeEditor value={tree} onChange={setTree} />
    </FormModal>
  );
}
