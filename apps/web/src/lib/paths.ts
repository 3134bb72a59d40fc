/**
 * Paths of the console's screens (spec §2), in one place so links, menus and guards agree.
 * Dynamic segments are built by the helpers below.
 */
export const PATHS = {
  home: '/home',
  homeDataUsage: '/home/data-usage',
  homeFirewall: '/home/firewall',
  homeAcceleration: '/home/acceleration',
  serviceLines: '/service-lines',
  serviceLineCreate: '/service-lines/create',
  service: '/service',
  serviceOverview: '/service/overview',
  userProfile: '/user/profile',
  userChangePassword: '/user/change-password',
  userSecurity: '/user/security',
  userSubscription: '/user/subscription',
  firewallRules: '/firewall_rules',
  htmlPages: '/html',
  originPolicies: '/origin_policy',
  certs: '/certs',
  eventLogs: '/event-logs',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  resetOtp: '/reset-OTP',
  resetPassword: '/reset-password',
  adminUsers: '/admin/users',
  adminGroups: '/admin/groups',
} as const;

/** /admin/groups/<groupName>: a group's members and log. */
export const adminGroupPath = (groupName: string): string => `${PATHS.adminGroups}/${encodeURIComponent(groupName)}`;

/** /service/overview/<appProfileName>/<groupName>, either segment optional. */
export function serviceOverviewPath(appProfileName?: string, groupName?: string): string {
  const segments = [appProfileName, appProfileName ? groupName : undefined].filter((s): s is string => Boolean(s));
  return [PATHS.serviceOverview, ...segments.map(encodeURIComponent)].join('/');
}
