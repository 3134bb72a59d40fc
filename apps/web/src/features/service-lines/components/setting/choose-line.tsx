import { can } from '@parapet/shared';
import { Empty, Result, Select, Space } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PATHS, serviceOverviewPath } from '@/lib/paths';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { withGroup } from '@/lib/tenancy/group-selection';
import { CHOICES_PAGE_SIZE } from '../../api/item-names';
import { useServiceLines } from '../../api/list-service-lines';

/**
 * /service/overview without a line: a picker of the selected group's lines (searched on the
 * server, by line or domain, as the list is), which opens the one chosen. A group without
 * lines gets an empty state with the way to create one.
 */
export function ChooseLine({ groupName }: { groupName: string }) {
  const { t } = useTranslation('serviceLines');
  const { user } = useGroupContext();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  // Typing stays smooth; the query follows the last value typed.
  const deferred = useDeferredValue(search);
  const lines = useServiceLines({ groupName, search: deferred, page: 1, pageSize: CHOICES_PAGE_SIZE, filters: {} });
  const canCreate = user !== undefined && can(user, groupName, { permission: 'serviceLines', access: 'write' });
  const none = lines.isSuccess && !deferred.trim() && lines.data.total === 0;

  const toList = (
    <Link to={withGroup(PATHS.serviceLines, groupName)} data-testid="service-overview-to-list">
      {t('chooseLine.toList')}
    </Link>
  );
  if (none) {
    return (
      <>
        <PageTitle>{t('settingTitle')}</PageTitle>
        <Empty description={t('chooseLine.empty')} data-testid="service-overview-no-lines">
          {canCreate ? (
            <Link to={withGroup(PATHS.serviceLineCreate, groupName)} data-testid="service-overview-create">
              {t('chooseLine.create')}
            </Link>
          ) : null}
        </Empty>
      </>
    );
  }
  return (
    <>
      <PageTitle>{t('settingTitle')}</PageTitle>
      <Result
        status="info"
        title={t('chooseLine.title')}
        subTitle={t('chooseLine.description')}
        extra={
          <Space orientation="vertical" size="middle">
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder={t('chooseLine.placeholder')}
              aria-label={t('chooseLine.title')}
              loading={lines.isFetching}
              options={(lines.data?.items ?? []).map(({ appProfileName }) => ({
                value: appProfileName,
                label: appProfileName,
                'data-testid': `line-option-${appProfileName}`,
              }))}
              onChange={(name: string) => void navigate(withGroup(serviceOverviewPath(name, groupName), groupName))}
              style={{ width: 360, maxWidth: '100%' }}
              data-testid="service-overview-picker"
            />
            {toList}
          </Space>
        }
        data-testid="service-overview-choose"
      />
    </>
  );
}
