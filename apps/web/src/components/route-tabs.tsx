import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';

export interface RouteTab {
  path: string;
  /** Already translated. */
  label: string;
}

/** Tabs whose panes are child routes, so every tab has its own URL (spec §2 lists them); the query (the selected group) stays. */
export function RouteTabs({ tabs, testId }: { tabs: RouteTab[]; testId?: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = pathname.replace(/\/+$/, '');
  const active = tabs.find((tab) => tab.path === current)?.path ?? tabs[0]?.path;
  return (
    <>
      <Tabs
        data-testid={testId}
        activeKey={active}
        onChange={(key) => void navigate({ pathname: key, search })}
        items={tabs.map((tab) => ({ key: tab.path, label: tab.label }))}
      />
      <Outlet />
    </>
  );
}
