/**
 * Paths of the console's screens (spec §2), in one place so links, menus and guards agree.
 * Dynamic segments are built by the helpers below.
 */
export const PATHS = {
  home: '/home',
  homeDataUsage: '/home/data-usage',
  homeDataTransfer: '/home/data-transfer',
  homeWebProtection: '/home/web-protection',
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
  adminIngestTokens: '/admin/ingest-tokens',
} as const;

/** /admin/groups/<groupName>: a group's members and log. */
export const adminGroupPath = (groupName: string): string => `${PATHS.adminGroups}/${encodeURIComponent(groupName)}`;

/** /service/overview/<appProfileName>/<groupName>, either segment optional. */
export function serviceOverviewPath(appProfileName?: string, groupName?: string): string {
  const segments = [appProfileName, appProfileName ? groupName : undefined].filter((s): s is string => Boolean(s));
  return [PATHS.serviceOverview, ...segments.map(encodeURIComponent)].join('/');
}

/** The query parameter of /login naming the page to open after sign-in. */
export const RETURN_TO_PARAM = 'redirect';

// Any origin will do as the base: only whether the path stays on it matters.
const BASE = 'http://console.invalid';

/**
 * `value` as a path of this console (path, query and hash), or undefined when it is not one:
 * another site (`//evil.example`, `/\\evil.example`, `https://...`), or /login and /logout
 * themselves. The URL parser decides, as the browser would, so tricks with backslashes or
 * tabs end up as another origin and are refused.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || url.pathname === PATHS.login || url.pathname === PATHS.logout) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /login, remembering the page the visitor asked for (when it is one of ours) to return there
 * after sign-in. The dashboard is where a sign-in lands anyway, so it is not spelled out.
 */
export function loginPath(returnTo?: string): string {
  const path = safeReturnPath(returnTo);
  return path && path !== PATHS.home
    ? `${PATHS.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: path }).toString()}`
    : PATHS.login;
}
