import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_GROUPS_VALUE } from '@/lib/groups';
import { useCurrentUser } from '@/lib/session';

/**
 * Place of the group (tenant) selector in the header. Normal users pick among their groups;
 * admins also get "All groups" (spec §6). Syncing it with the URL's group query parameter and
 * the permission checks of spec §2 Guards come with the group logic.
 */
export function GroupSelector() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [picked, setPicked] = useState<string>();

  const options = [
    ...(user?.privilege === 'admin' ? [{ value: ALL_GROUPS_VALUE, label: t('header.allGroups') }] : []),
    ...(user?.inGroupsRole ?? []).map(({ groupName }) => ({ value: groupName, label: groupName })),
  ];
  const value = options.some((o) => o.value === picked) ? picked : options[0]?.value;

  return (
    <Select
      data-testid="group-selector"
      aria-label={t('header.group')}
      placeholder={t('header.group')}
      options={options}
      value={value}
      onChange={setPicked}
      showSearch
      style={{ minWidth: 200 }}
    />
  );
}
