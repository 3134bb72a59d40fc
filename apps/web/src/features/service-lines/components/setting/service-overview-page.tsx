import { ALL_GROUPS } from '@parapet/shared';
import { Alert, Result, Spin, Tabs } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChooseGroupAlert } from '@/components/item-list';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { withGroup } from '@/lib/tenancy/group-selection';
import { useServiceLine } from '../../api/get-service-line';
import { ChooseLine } from './choose-line';
import { lineAccess, TAB_CHILD } from './line-access';
import { LineContext, type LineContextValue } from './line-context';
import { ServiceHeader } from './service-header';
import { TAB_KEYS, useTabParam, type TabKey } from './tab-param';
import { AdvancedTab } from '../tabs/advanced-tab';
import { CacheTab } from '../tabs/cache-tab';
import { DomainsTab } from '../tabs/domains-tab';
import { FirewallTab } from '../tabs/firewall-tab';
import { HtmlTab } from '../tabs/html-tab';
import { OriginTab } from '../tabs/origin-tab';
import { OverviewTab } from '../tabs/overview-tab';
import { SslTab } from '../tabs/ssl-tab';

const PANES: Record<TabKey, () => ReactNode> = {
  overview: () => <OverviewTab />,
  origin: () => <OriginTab />,
  ssl: () => <SslTab />,
  firewall: () => <FirewallTab />,
  cache: () => <CacheTab />,
  advanced: () => <AdvancedTab />,
  html: () => <HtmlTab />,
  domains: () => <DomainsTab />,
};

/**
 * /service/overview/:appProfileName?/:groupName?: one line's settings in tabs, each with its
 * own URL (`?tab=`). Without a line in the URL it offers the group's lines to pick from; an
 * unknown line is not found. A URL naming the line but not its group looks in the selected group.
 */
export function ServiceOverviewPage() {
  const { t } = useTranslation('serviceLines');
  const params = useParams();
  const { user, selected } = useGroupContext();
  const groupName = params.groupName ?? (selected === ALL_GROUPS ? undefined : selected);
  const appProfileName = params.appProfileName;
  const query = useServiceLine(groupName, appProfileName);
  const { refetch } = query;

  const context = useMemo<LineContextValue | undefined>(
    () =>
      query.data && {
        line: query.data,
        access: lineAccess(user, query.data.groupName),
        reload: () => refetch().then((answer) => answer.data),
      },
    [query.data, user, refetch],
  );

  if (!groupName) return <ChooseGroup />;
  if (!appProfileName) return <ChooseLine groupName={groupName} />;
  if (context) return <LineScreen context={context} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <LineNotFound name={appProfileName} group={groupName} />;
    return (
      <>
        <PageTitle>{t('settingTitle')}</PageTitle>
        <Alert type="error" showIcon title={t('loadFailed')} data-testid="service-overview-error" />
      </>
    );
  }
  return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} data-testid="service-overview-loading" />;
}

function LineScreen({ context }: { context: LineContextValue }) {
  const { t } = useTranslation('serviceLines');
  const [tab, setTab] = useTabParam();
  // A tab shows only with its child's read (docs/tenancy.md); a URL naming another opens the first shown.
  const shown = TAB_KEYS.filter((key) => context.access.read(TAB_CHILD[key]));
  const active = shown.includes(tab) ? tab : shown[0];
  return (
    <LineContext.Provider value={context}>
      <ServiceHeader onOverview={() => setTab('overview')} />
      {active ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setTab(key as TabKey)}
          destroyOnHidden
          aria-label={t('tabs.label')}
          items={shown.map((key) => ({
            key,
            label: <span data-testid={`service-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: key === active ? PANES[key]() : null,
          }))}
          data-testid="service-overview-tabs"
        />
      ) : (
        <Alert type="info" showIcon title={t('access.noTabs')} data-testid="service-no-tabs" />
      )}
    </LineContext.Provider>
  );
}

/** No single group to pick a line from (the guard sends an admin's "all" to the landing page). */
function ChooseGroup() {
  const { t } = useTranslation('serviceLines');
  return (
    <>
      <PageTitle>{t('settingTitle')}</PageTitle>
      <ChooseGroupAlert title={t('chooseGroup')} testId="service-overview-choose-group" />
    </>
  );
}

function LineNotFound({ name, group }: { name: string; group: string }) {
  const { t } = useTranslation('serviceLines');
  return (
    <>
      <PageTitle>{t('settingTitle')}</PageTitle>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description', { name, group })}
        extra={
          <Link to={withGroup(PATHS.serviceLines, group)} data-testid="service-overview-to-list">
            {t('notFound.toList')}
          </Link>
        }
        data-testid="service-overview-not-found"
      />
    </>
  );
}
