import {
  can,
  lineFieldsOf,
  PERMISSIONS,
  type CurrentUser,
  type ServiceLineChild,
  type ServiceLineSettings,
} from '@parapet/shared';
import type { TabKey } from './tab-param';

/**
 * The child of `serviceLines` each tab of the screen belongs to: its Edit needs that child's
 * write, and showing it that child's read. Which settings a child governs is the shared
 * LINE_FIELD_CHILD's to say (through `lineFieldsOf`), not this map's.
 */
export const TAB_CHILD = {
  overview: 'overview',
  origin: 'origin',
  ssl: 'ssl',
  firewall: 'firewallRules',
  cache: 'cacheRules',
  advanced: 'advanced',
  html: 'htmlPages',
  domains: 'domains',
} as const satisfies Record<TabKey, ServiceLineChild>;

/** What the signed-in user may do with one line, asked of the shared `can` as the server asks it. */
export interface LineAccess {
  /** The line's own write: creating another line in its group. */
  line: boolean;
  read: (child: ServiceLineChild) => boolean;
  write: (child: ServiceLineChild) => boolean;
  /** The settings a save may change: those of each child the user writes. */
  writable: ReadonlySet<keyof ServiceLineSettings>;
}

type Subject = Pick<CurrentUser, 'privilege' | 'inGroupsRole'>;

export function lineAccess(user: Subject | undefined, groupName: string): LineAccess {
  const ask = (access: 'read' | 'write', child?: ServiceLineChild) =>
    user !== undefined && can(user, groupName, { permission: 'serviceLines', access, ...(child ? { child } : {}) });
  const children = PERMISSIONS.serviceLines.filter((child) => ask('write', child));
  return {
    line: ask('write'),
    read: (child) => ask('read', child),
    write: (child) => children.includes(child),
    writable: new Set(children.flatMap(lineFieldsOf)),
  };
}
