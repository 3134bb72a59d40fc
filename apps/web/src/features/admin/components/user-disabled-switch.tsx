import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { useCurrentUser } from '@/lib/session';
import { useToast } from '@/lib/toast';
import type { AdminUser } from '../api/list-users';
import { useSetUserDisabled } from '../api/set-user-disabled';

/** On when the account is disabled; turning it either way asks first (spec §6). Not for oneself. */
export function UserDisabledSwitch({ user }: { user: AdminUser }) {
  const { t } = useTranslation(['admin', 'common']);
  const { data: me } = useCurrentUser();
  const toast = useToast();
  const setDisabled = useSetUserDisabled();
  const self = me?.username === user.username;
  const flip = () =>
    setDisabled.mutate(
      { username: user.username, disabled: !user.disabled },
      {
        onSuccess: () => toast.success(t('common:messages.updated'), 'user-disabled-saved'),
        onError: (e) => toast.apiError(e),
      },
    );
  return (
    <ConfirmAction kind="proceed" onConfirm={flip} disabled={self}>
      <Switch
        size="small"
        checked={user.disabled}
        disabled={self}
        loading={setDisabled.isPending}
        aria-label={t('admin:users.disabled')}
        data-testid={`user-disabled-${user.username}`}
      />
    </ConfirmAction>
  );
}
