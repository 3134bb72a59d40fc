import { describe, expect, it } from 'vitest';
import { ALL_GROUPS, allowedGroups, can, fullAccess, readOnlyAccess, type AccessRequest } from './permissions.js';
import type { RolePermissions } from './schemas/user.js';

const member = (groupName: string, rolePermissions: RolePermissions) => ({ privilege: 'user' as const, inGroupsRole: [{ groupName, rolePermissions }] });
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
    ['member with write, read (write implies read)', member('acme', { firewallRules: { read: false, write: true } }), 'acme', fwRead, true],
    ['member with write, write', member('acme', { firewallRules: { read: true, write: true } }), 'acme', fwWrite, true],
    ['member without the permission', member('acme', { certificates: { read: true } }), 'acme', fwRead, false],
    ['member with read false', member('acme', { firewallRules: { read: false } }), 'acme', fwRead, false],
    ['another group', member('acme', fullAccess()), 'globex', fwRead, false],
    ['"all" for a normal user', member('acme', fullAccess()), ALL_GROUPS, fwRead, false],
    ['no group chosen', member('acme', fullAccess()), undefined, fwRead, false],
    ['absent child follows the parent', member('acme', { serviceLines: { read: true } }), 'acme', ssl('read'), true],
    ['absent child follows the parent (no write)', member('acme', { serviceLines: { read: true } }), 'acme', ssl('write'), false],
    ['present child decides: denied', member('acme', { serviceLines: { read: true, write: true, children: { ssl: { read: false } } } }), 'acme', ssl('read'), false],
    ['present child decides: allowed', member('acme', { serviceLines: { read: false, children: { ssl: { read: true } } } }), 'acme', ssl('read'), true],
    ['present child decides: write', member('acme', { serviceLines: { read: true, children: { ssl: { read: true, write: true } } } }), 'acme', ssl('write'), true],
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
