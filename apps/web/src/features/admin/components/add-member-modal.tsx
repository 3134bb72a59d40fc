import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useFormErrors } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { usePutMember } from '../api/put-member';
import { PermissionTreeEditor } from './permission-tree';
import { roleFromTree, roleOfPreset, ROLE_PRESETS, treeFromRole, type RolePreset } from './permission-tree-model';

interface AddMemberModalProps {
  groupName: string;
  open: boolean;
  onClose: () => void;
}

/** Adds a user to the group with a role: full access, read only, or custom switches. */
export function AddMemberModal({ groupName, open, onClose }: AddMemberModalProps) {
  const { t } = useTranslation(['admin', 'common', 'fieldErrors']);
  const [form] = Form.useForm<{ username: string }>();
  const [preset, setPreset] = useState<RolePreset>('readOnly');
  const [tree, setTree] = useState(() => treeFromRole(roleOfPreset('readOnly')));
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const put = usePutMember();

  // The form is reset by FormModal; the role chosen beside it is reset here.
  const close = () => {
    setPreset('readOnly');
    setTree(treeFromRole(roleOfPreset('readOnly')));
    onClose();
  };
  const choosePreset = (next: RolePreset) => {
    setPreset(next);
    // Custom starts from the preset shown before, so the admin edits rather than starts over.
    if (next !== 'custom') setTree(treeFromRole(roleOfPreset(next)));
  };
  const submit = ({ username }: { username: string }) =>
    put.mutate(
      {
        groupName,
        username: username.trim(),
        rolePermissions: preset === 'custom' ? roleFromTree(tree) : roleOfPreset(preset),
      },
      {
        onSuccess: () => {
          toast.success(t('admin:members.added'), 'member-added');
          close();
        },
        onError: (error) => {
          if (!showErrors(error, { NOT_FOUND: 'username' })) toast.apiError(error);
        },
      },
    );

  return (
    <FormModal
      open={open}
      title={t('admin:members.addTitle', { group: groupName })}
      onClose={close}
      form={form}
      okText={t('admin:members.add')}
      okTestId="member-add-submit"
      loading={put.isPending}
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="username"
          label={t('admin:users.username')}
          rules={[{ required: true, whitespace: true, message: t('fieldErrors:required') }]}
        >
          <Input autoFocus autoComplete="off" data-testid="member-add-username" />
        </Form.Item>
        {/* Not a field of the form (the preset only fills the tree), so the label is tied by hand. */}
        <Form.Item label={t('admin:members.role')} htmlFor="member-add-role">
          <Select<RolePreset>
            id="member-add-role"
            value={preset}
            onChange={choosePreset}
            options={ROLE_PRESETS.map((value) => ({
              value,
              label: t(`admin:roles.${value}`),
              'data-testid': `member-add-role-${value}`,
            }))}
            data-testid="member-add-role"
          />
        </Form.Item>
      </Form>
      {preset === 'custom' ? <PermissionTreeEditor value={tree} onChange={setTree} /> : null}
    </FormModal>
  );
}
