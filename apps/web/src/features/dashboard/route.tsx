import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { RouteTabs } from '@/components/route-tabs';
import { PATHS } from '@/lib/paths';

/** /home: the traffic dashboard, one child route per tab. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.dashboard')}</PageTitle>
      <RouteTabs
        testId="dashboard-tabs"
        tabs={[
          { path: PATHS.home, label: t('dashboard.requests') },
          { path: PATHS.homeDataUsage, label: t('dashboard.dataUsage') },
          { path: PATHS.homeFirewall, label: t('dashboard.firewall') },
          { path: PATHS.homeAcceleration, label: t('dashboard.acceleration') },
        ]}
      />
    </>
  );
}

/** Content of a dashboard tab; the charts arrive with the dashboard work. */
export function DashboardTab() {
  return <Empty />;
}
