import { ALL_GROUPS } from '@parapet/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { GROUP_QUERY_PARAM } from '@/lib/tenancy/group-selection';

/**
 * The group (tenant) the console works in: the groups the user may choose (spec §6; admins
 * get "All groups" and every group). A choice goes into the URL's query; the guards apply it.
 */
export function GroupSelector() {
  const { t } = useTranslation();
  const { allowed, selected } = useGroupContext();
  const [, setParams] = useSearchParams();

  const options = allowed.map((name) => ({
    value: name,
    label: name === ALL_GROUPS ? t('header.allGroups') : name,
    'data-testid': `group-option-${name}`,
  }));
  const choose = (groupName: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set(GROUP_QUERY_PARAM, groupName);
      return next;
    });

  return (
    <Select
      data-testid="group-selector"
      aria-label={t('header.group')}
      placeholder={t('header.group')}
      options={options}
      value={selected}
      onChange={choose}
      showSearch
      style={{ minWidth: 200 }}
    />
  );
}
