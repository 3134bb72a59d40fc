import { Layout, Menu, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { PATHS } from '@/lib/paths';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { withGroup } from '@/lib/tenancy/group-selection';
import { findNavSelection, isGroup, visibleNavEntries, type NavLeaf } from './nav-items';
import { useNarrow } from './use-narrow';

interface SidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/**
 * Main menu; items are real links (middle-click opens a tab), keyed by their path, carrying
 * the selected group. Pages the user may not read in that group are left out.
 */
export function Sidebar({ collapsed, onCollapse }: SidebarProps) {
  const { t } = useTranslation(['nav', 'common']);
  const { pathname } = useLocation();
  const { user, selected: groupName } = useGroupContext();
  const { selected, group } = findNavSelection(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  // On a phone the folded menu takes no width at all (antd then shows a small tab to open it).
  const narrow = useNarrow();
  // The menu renders once the page's own content has been painted; the sider keeps its width.
  const menuShown = useAfterFirstPaint();

  const leaf = (item: NavLeaf) => ({
    key: item.path,
    icon: item.icon,
    label: (
      <Link to={withGroup(item.path, groupName)} data-testid={`nav-${item.path.slice(1).replaceAll('/', '-')}`}>
        {t(`nav:menu.${item.label}`)}
      </Link>
    ),
  });
  const items: MenuProps['items'] = visibleNavEntries(user, groupName).map((entry) =>
    isGroup(entry)
      ? { key: entry.key, icon: entry.icon, label: t(`nav:menu.${entry.label}`), children: entry.children.map(leaf) }
      : leaf(entry),
  );
  // Expanded, the group holding the current page stays open. Collapsed, groups are hover
  // pop-ups, so only what the pointer opened is open (and collapsing closes them all).
  const visibleOpenKeys = !collapsed && group && !openKeys.includes(group) ? [...openKeys, group] : openKeys;
  const collapse = (next: boolean) => {
    if (next) setOpenKeys([]);
    onCollapse(next);
  };

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={collapse}
      breakpoint="lg"
      width={232}
      collapsedWidth={narrow ? 0 : 80}
      data-testid="sidebar"
    >
      <Link to={withGroup(PATHS.home, groupName)} style={{ display: 'block', padding: '16px 24px' }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
          {collapsed ? t('common:appName').slice(0, 1) : t('common:appName')}
        </Typography.Text>
      </Link>
      {menuShown && (
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={visibleOpenKeys}
          onOpenChange={setOpenKeys}
        />
      )}
    </Layout.Sider>
  );
}
