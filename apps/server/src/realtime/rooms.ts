import { ADMIN_ROOM, REALTIME_PERMISSIONS, can, groupRoom, type RolePermissions } from '@parapet/shared';
import type { GroupRef, MembershipRef } from './rooms.repository.js';

/** Every socket of one session, to drop them when it ends. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** Every socket of one user, on any server: membership changes move them together. */
export const userRoom = (userId: string): string => `user:${userId}`;

/** All the rooms of a group, one per area that has events. */
export const roomsOfGroup = (groupId: string): string[] =>
  REALTIME_PERMISSIONS.map((permission) => groupRoom(groupId, permission));

/** The rooms of a group whose events a member with this role may hear: one per area they may read. */
export function readableRooms(group: GroupRef, role: RolePermissions): string[] {
  const member = { privilege: 'user' as const, inGroupsRole: [{ groupName: group.name, rolePermissions: role }] };
  return REALTIME_PERMISSIONS.filter((permission) => can(member, group.name, { permission, access: 'read' })).map(
    (permission) => groupRoom(group.id, permission),
  );
}

/** Every room a user's socket belongs in: admins hear every group through the admin room. */
export function roomsOfUser(privilege: 'admin' | 'user', memberships: readonly MembershipRef[]): string[] {
  if (privilege === 'admin') return [ADMIN_ROOM];
  return memberships.flatMap((m) => readableRooms(m.group, m.role));
}

/** Whether a room is one of a group's (as opposed to a session's, a user's or the admins'). */
export const isGroupRoom = (room: string): boolean => room.startsWith('group:');
