import { ALL_GROUPS, fullAccess, type CurrentUser, type Permission } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { isUnder, pageAccess, type PageAccess } from './page-access';

const admin: CurrentUser['privilege'] = 'admin';
const user = (
  rolePermissions: CurrentUser['inGroupsRole'][number]['rolePermissions'],
  privilege: CurrentUser['privilege'] = 'user',
) => ({
  privilege,
  inGroupsRole: [{ groupName: 'alpha', rolePermissions }],
});

describe('pageAccess', () => {
  const rows: [string, ReturnType<typeof user>, string | undefined, Permission | undefined, boolean, PageAccess][] = [
    ['no permission needed', user({}), 'alpha', undefined, false, 'allowed'],
    ['read in the group', user({ certificates: { read: true } }), 'alpha', 'certificates', false, 'allowed'],
    [
      'write implies read',
      user({ certificates: { read: false, write: true } }),
      'alpha',
      'certificates',
      false,
      'allowed',
    ],
    ['no read', user({ certificates: { read: false } }), 'alpha', 'certificates', false, 'redirect'],
    ['another permission only', user({ eventLogs: { read: true } }), 'alpha', 'certificates', false, 'redirect'],
    ['a group the user is not in', user(fullAccess()), 'beta', 'certificates', false, 'redirect'],
    ['"all" for a normal user', user(fullAccess()), ALL_GROUPS, 'certificates', false, 'redirect'],
    ['no group at all', user(fullAccess()), undefined, 'dashboard', false, 'redirect'],
    ['the landing page without its permission', user({}), 'alpha', 'dashboard', true, 'no-permission'],
    ['the landing page with it', user({ dashboard: { read: true } }), 'alpha', 'dashboard', true, 'allowed'],
    ['an admin on "all"', user({}, admin), ALL_GROUPS, 'certificates', false, 'allowed'],
    ['an admin in any group', user({}, admin), 'zeta', 'firewallRules', false, 'allowed'],
  ];
  it.each(rows)('%s', (_, subject, group, permission, onLanding, expected) => {
    expect(pageAccess(subject, group, permission, onLanding)).toBe(expected);
  });
});

describe('isUnder', () => {
  it('matches the page and its tabs, nothing else', () => {
    expect(isUnder('/home', '/home')).toBe(true);
    expect(isUnder('/home/firewall', '/home')).toBe(true);
    expect(isUnder('/homework', '/home')).toBe(false);
  });
});
