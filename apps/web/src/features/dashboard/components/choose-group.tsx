import { ALL_GROUPS } from '@parapet/shared';
import { Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { withGroup } from '@/lib/tenancy/group-selection';

/**
 * An admin on "All groups": the event store answers one group at a time, so the tab offers the
 * groups the admin may open, each a link to this same tab for that group.
 */
export function ChooseGroup() {
  const { t } = useTranslation('dashboard');
  const { allowed } = useGroupContext();
  const { pathname } = useLocation();
  const groups = allowed.filter((name) => name !== ALL_GROUPS);
  return (
    <Empty description={t('empty.noGroup')} data-testid="dashboard-no-group">
      <Space wrap>
        {groups.map((name) => (
          <Link key={name} to={withGroup(pathname, name)} data-testid={`dashboard-choose-group-${name}`}>
            {name}
          </Link>
        ))}
      </Space>
    </Empty>
  );
}
