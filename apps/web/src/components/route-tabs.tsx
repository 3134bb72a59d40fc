import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';

export interface RouteTab {
  path: string;
  /** Already translated. */
  label: string;
}

/** Tabs whose panes are child routes, so every tab has its own URL (spec §2 lists them). */
export function RouteTabs({ tabs, testId }: { tabs: RouteTab[]; testId?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.replace(/\/+$/, '');
  const active = tabs.find((tab) => tab.path === current)?.path ?? tabs[0]?.path;
  return (
    <>
      <Tabs
        data-testid={testId}
        activeKey={active}
        onChange={(key) => void navigate(key)}
        items={tabs.map((tab) => ({ key: tab.path, label: tab.label }))}
      />
      <Outlet />
    </>
  );
}
