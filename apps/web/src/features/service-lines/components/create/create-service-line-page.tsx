import { ALL_GROUPS, can } from '@parapet/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChooseGroupAlert } from '@/components/item-list';
import { PageTitle } from '@/components/page-title';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { CreateWizard } from './create-wizard';

/** /service-lines/create: the wizard in the selected group, for those who may write its lines. */
export function CreateServiceLinePage() {
  const { t } = useTranslation('serviceLines');
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWrite =
    user !== undefined &&
    groupName !== undefined &&
    can(user, groupName, { permission: 'serviceLines', access: 'write' });
  return (
    <>
      <PageTitle>{t('createTitle')}</PageTitle>
      {!groupName ? <ChooseGroupAlert title={t('chooseGroup')} testId="service-lines-choose-group" /> : null}
      {groupName && !canWrite ? (
        <Alert type="warning" showIcon title={t('wizard.noWrite')} data-testid="wizard-no-write" />
      ) : null}
      {/* A new group starts a new wizard: nothing typed for one group is created in another. */}
      {groupName && canWrite ? <CreateWizard key={groupName} groupName={groupName} /> : null}
    </>
  );
}
