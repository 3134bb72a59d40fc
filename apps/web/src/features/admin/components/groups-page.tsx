import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useGroups } from '@/lib/tenancy/groups';
import { CreateGroupModal } from './create-group-modal';
import { EditGroupModal } from './edit-group-modal';
import { GroupsTable } from './groups-table';

/** /admin/groups: create, rename, re-plan and delete groups. */
export function GroupsPage() {
  const { t } = useTranslation('admin');
  const { data: groups, isPending } = useGroups();
  const [creating, setCreating] = useState(false);
  // By name, so the modal always edits the latest version the list holds.
  const [editing, setEditing] = useState<string>();
  const edited = groups?.find((g) => g.name === editing);

  return (
    <>
      <PageTitle action={{ label: t('groups.create'), onClick: () => setCreating(true), testId: 'group-create' }}>
        {t('groups.title')}
      </PageTitle>
      <GroupsTable groups={groups} loading={isPending} onEdit={setEditing} />
      <CreateGroupModal open={creating} onClose={() => setCreating(false)} />
      {edited ? <EditGroupModal group={edited} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
