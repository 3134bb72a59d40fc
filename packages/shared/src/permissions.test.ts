import { describe, expect, it } from 'vitest';
import { eventPermission } from './events.js';
import {
  ALL_GROUPS,
  ENTITY_PERMISSION,
  LINE_FIELD_CHILD,
  PERMISSIONS,
  allowedGroups,
  can,
  changedLineChildren,
  fullAccess,
  lineFieldsOf,
  readOnlyAccess,
  type AccessRequest,
} from './permissions.js';
import { DEPLOY_ENTITIES } from './schemas/deploy.js';
import { serviceLineSettingsSchema } from './schemas/service-lines.js';
import type { RolePermissions } from './schemas/user.js';

const member = (groupName: string, rolePermissions: RolePermissions) => ({
  privilege: 'user' as const,
  inGroupsRole: [{ groupName, rolePermissions }],
});
const admin = { privilege: 'admin' as const, inGroupsRole: [] };

const fwRead: AccessRequest = { permission: 'firewallRules', access: 'read' };
const fwWrite: AccessRequest = { permission: 'firewallRules', access: 'write' };
const ssl = (access: 'read' | 'write'): AccessRequest => ({ permission: 'serviceLines', child: 'ssl', access });

describe('can', () => {
  it.each([
    ['admin, any group', admin, 'acme', fwWrite, true],
    ['admin, "all"', admin, ALL_GROUPS, fwWrite, true],
    ['admin, no group', admin, undefined, fwRead, true],
    ['member with read, read', member('acme', { firewallRules: { read: true } }), 'acme', fwRead, true],
    ['member with read, write', member('acme', { firewallRules: { read: true } }), 'acme', fwWrite, false],
    [
      'member with write, read (write implies read)',
      member('acme', { firewallRules: { read: false, write: true } }),
      'acme',
      fwRead,
      true,
    ],
    ['member with write, write', member('acme', { firewallRules: { read: true, write: true } }), 'acme', fwWrite, true],
    ['member without the permission', member('acme', { certificates: { read: true } }), 'acme', fwRead, false],
    ['member with read false', member('acme', { firewallRules: { read: false } }), 'acme', fwRead, false],
    ['another group', member('acme', fullAccess()), 'globex', fwRead, false],
    ['"all" for a normal user', member('acme', fullAccess()), ALL_GROUPS, fwRead, false],
    ['no group chosen', member('acme', fullAccess()), undefined, fwRead, false],
    ['absent child follows the parent', member('acme', { serviceLines: { read: true } }), 'acme', ssl('read'), true],
    [
      'absent child follows the parent (no write)',
      member('acme', { serviceLines: { read: true } }),
      'acme',
      ssl('write'),
      false,
    ],
    [
      'present child decides: denied',
      member('acme', { serviceLines: { read: true, write: true, children: { ssl: { read: false } } } }),
      'acme',
      ssl('read'),
      false,
    ],
    [
      'present child decides: allowed',
      member('acme', { serviceLines: { read: false, children: { ssl: { read: true } } } }),
      'acme',
      ssl('read'),
      true,
    ],
    [
      'present child decides: write',
      member('acme', { serviceLines: { read: true, children: { ssl: { read: true, write: true } } } }),
      'acme',
      ssl('write'),
      true,
    ],
    ['read-only role cannot write', member('acme', readOnlyAccess()), 'acme', fwWrite, false],
    ['read-only role reads', member('acme', readOnlyAccess()), 'acme', fwRead, true],
  ] as const)('%s → %s', (_label, user, group, request, expected) => {
    expect(can(user, group, request)).toBe(expected);
  });
});

describe('allowedGroups', () => {
  it('gives admins "all" and every group, members only theirs', () => {
    expect(allowedGroups(admin, ['a', 'b'])).toEqual([ALL_GROUPS, 'a', 'b']);
    expect(allowedGroups(member('acme', {}), ['a', 'acme'])).toEqual(['acme']);
  });
});

describe('the children of a service line', () => {
  const line = serviceLineSettingsSchema.parse({
    servername: ['shop.example.com'],
    customerPackage: 'standard',
    origins: [{ address: '10.0.0.1' }],
  });

  it('map every setting of a line to a child that exists', () => {
    expect(Object.keys(LINE_FIELD_CHILD).sort()).toEqual(Object.keys(serviceLineSettingsSchema.shape).sort());
    for (const child of Object.values(LINE_FIELD_CHILD)) expect(PERMISSIONS.serviceLines).toContain(child);
    expect(lineFieldsOf('domains')).toEqual(['servername']);
    expect(lineFieldsOf('origin')).toContain('origins');
  });

  it('tell which children a save changes, ignoring key order and defaults filled in', () => {
    expect(changedLineChildren(line, serviceLineSettingsSchema.parse({ ...line }))).toEqual([]);
    const reordered = {
      ...line,
      origins: line.origins.map((o) => Object.fromEntries(Object.entries(o).reverse())),
    } as typeof line;
    expect(changedLineChildren(line, reordered)).toEqual([]);
    expect(changedLineChildren(line, { ...line, origins: [{ ...line.origins[0]!, weight: 5 }] })).toEqual(['origin']);
    expect(
      changedLineChildren(line, {
        ...line,
        servername: [...line.servername, 'www.shop.example.com'],
        useHsts: true,
        description: 'x',
      }).sort(),
    ).toEqual(['domains', 'overview', 'ssl']);
    expect(
      changedLineChildren(line, {
        ...line,
        cusCachepath: '/static',
        upstreamTimeout: 120,
        usedWafRules: [{ value: 'r1', isEnabled: true }],
        errorHtmlPageName: 'other',
      }).sort(),
    ).toEqual(['advanced', 'cacheRules', 'firewallRules', 'htmlPages']);
  });
});

describe('areas of entities and events', () => {
  it('give every deployed kind an area, and each event the area of what it concerns', () => {
    expect(Object.keys(ENTITY_PERMISSION).sort()).toEqual([...DEPLOY_ENTITIES].sort());
    expect(
      eventPermission['task.updated']({ taskNo: 't', groupName: 'g', entity: 'cert', entityId: 'c', state: 'running' }),
    ).toBe('certificates');
    expect(
      eventPermission['task.updated']({
        taskNo: 't',
        groupName: 'g',
        entity: 'service-line',
        entityId: 'l',
        state: 'running',
      }),
    ).toBe('serviceLines');
    expect(
      eventPermission['origin.health']({
        groupName: 'g',
        policyId: 'p',
        address: 'a',
        health: 'healthy',
        checkedAt: 1,
      }),
    ).toBe('originPolicy');
  });
});
