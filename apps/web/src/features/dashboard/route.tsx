import { DASHBOARD_TABS, DASHBOARD_TAB_IDS, DASHBOARD_TAB_PATHS } from '@parapet/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkRefusedAlert } from '@/components/link-refused-alert';
import { PageTitle } from '@/components/page-title';
import { RouteTabs } from '@/components/route-tabs';
import { DashboardToolbar } from './components/dashboard-toolbar';
import { DashboardTabView } from './components/dashboard-tab-view';
import { useDashboardGroup } from './components/use-scope';
import { DashboardStateContext, useDashboardStateStore } from './state/dashboard-state';
import { tabOfPath } from './tab-requests';

/**
 * /home: the traffic dashboard. The time range and the filters sit above the tabs and hold for
 * all of them, and are kept in the address; each tab is a child route with its own URL.
 */
export function Component() {
  const { t } = useTranslation(['nav', 'dashboard']);
  const state = useDashboardStateStore();
  const groupName = useDashboardGroup();
  return (
    <DashboardStateContext.Provider value={state}>
      <PageTitle>{t('nav:menu.dashboard')}</PageTitle>
      <LinkRefusedAlert parts={state.linkRefused} onClose={state.dismissLinkRefused} testId="dashboard-link-refused" />
      <DashboardToolbar groupName={groupName} />
      <RouteTabs
        testId="dashboard-tabs"
        tabs={DASHBOARD_TAB_IDS.map((id) => ({ path: DASHBOARD_TAB_PATHS[id], label: t(`dashboard:tabs.${id}`) }))}
      />
    </DashboardStateContext.Provider>
  );
}

/** Content of a dashboard tab: its widgets, from the tab's description in shared. */
export function DashboardTab() {
  const { pathname } = useLocation();
  const groupName = useDashboardGroup();
  const tab = DASHBOARD_TABS[tabOfPath(pathname)];
  return <DashboardTabView key={tab.id} tab={tab} groupName={groupName} />;
}
