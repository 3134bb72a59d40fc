import {
  ApartmentOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileTextOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { can, type CurrentUser } from '@parapet/shared';
import type { ReactNode } from 'react';
import { PATHS } from '@/lib/paths';
import { permissionOf } from '../page-access';

/** Keys of nav.json's "menu" object. */
export type NavLabel =
  | 'dashboard'
  | 'serviceLines'
  | 'serviceLineList'
  | 'serviceLineCreate'
  | 'serviceOverview'
  | 'firewallRules'
  | 'htmlPages'
  | 'originPolicies'
  | 'certs'
  | 'eventLogs'
  | 'account'
  | 'profile'
  | 'changePassword'
  | 'security'
  | 'subscription'
  | 'administration'
  | 'adminUsers'
  | 'adminGroups'
  | 'adminIngestTokens';

export interface NavLeaf {
  path: string;
  label: NavLabel;
  icon?: ReactNode;
}
export interface NavGroup {
  key: string;
  label: NavLabel;
  icon: ReactNode;
  children: NavLeaf[];
  /** Shown to admins only. */
  adminOnly?: boolean;
}
export type NavEntry = NavLeaf | NavGroup;

/** The sidebar: every authenticated screen of spec §2, in the order a customer works. */
export const NAV_ENTRIES: NavEntry[] = [
  { path: PATHS.home, label: 'dashboard', icon: <DashboardOutlined /> },
  {
    key: 'service-lines',
    label: 'serviceLines',
    icon: <ClusterOutlined />,
    children: [
      { path: PATHS.serviceLines, label: 'serviceLineList' },
      { path: PATHS.serviceLineCreate, label: 'serviceLineCreate' },
    ],
  },
  { path: PATHS.serviceOverview, label: 'serviceOverview', icon: <AppstoreOutlined /> },
  { path: PATHS.firewallRules, label: 'firewallRules', icon: <SafetyOutlined /> },
  { path: PATHS.htmlPages, label: 'htmlPages', icon: <FileTextOutlined /> },
  { path: PATHS.originPolicies, label: 'originPolicies', icon: <ApartmentOutlined /> },
  { path: PATHS.certs, label: 'certs', icon: <SafetyCertificateOutlined /> },
  { path: PATHS.eventLogs, label: 'eventLogs', icon: <ProfileOutlined /> },
  {
    key: 'account',
    label: 'account',
    icon: <UserOutlined />,
    children: [
      { path: PATHS.userProfile, label: 'profile' },
      { path: PATHS.userChangePassword, label: 'changePassword' },
      { path: PATHS.userSecurity, label: 'security' },
      { path: PATHS.userSubscription, label: 'subscription' },
    ],
  },
  {
    key: 'administration',
    label: 'administration',
    icon: <SettingOutlined />,
    adminOnly: true,
    children: [
      { path: PATHS.adminUsers, label: 'adminUsers' },
      { path: PATHS.adminGroups, label: 'adminGroups' },
      { path: PATHS.adminIngestTokens, label: 'adminIngestTokens' },
    ],
  },
];

export const isGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry;

/**
 * The entries a user sees in the selected group: items of pages they may not read are hidden
 * (the shared `can`, with the pages' permissions of page-access.ts), and so are menu groups
 * left empty or meant for admins only.
 */
export function visibleNavEntries(
  user: Pick<CurrentUser, 'privilege' | 'inGroupsRole'> | undefined,
  groupName: string | undefined,
  entries: NavEntry[] = NAV_ENTRIES,
): NavEntry[] {
  if (!user) return [];
  const readable = (leaf: NavLeaf) => {
    const permission = permissionOf(leaf.path);
    return !permission || can(user, groupName, { permission, access: 'read' });
  };
  return entries.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return readable(entry) ? [entry] : [];
    if (entry.adminOnly && user.privilege !== 'admin') return [];
    const children = entry.children.filter(readable);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/**
 * The menu item of a location: the longest item path that is the pathname or a parent of it,
 * so /home/firewall lights Dashboard and /service-lines/create lights Create, not the list.
 */
export function findNavSelection(pathname: string): { selected?: string; group?: string } {
  let best: { selected?: string; group?: string } = {};
  for (const entry of NAV_ENTRIES) {
    const leaves = isGroup(entry) ? entry.children : [entry];
    for (const leaf of leaves) {
      const matches = pathname === leaf.path || pathname.startsWith(`${leaf.path}/`);
      if (matches && leaf.path.length > (best.selected?.length ?? 0)) {
        best = { selected: leaf.path, group: isGroup(entry) ? entry.key : undefined };
      }
    }
  }
  return best;
}
