import { ENTITY_PERMISSION, type Permission } from './permissions.js';
import type { DeployEntity, TaskState } from './schemas/deploy.js';
import type { OriginHealthState } from './schemas/origin-policies.js';

/**
 * Every real-time event the server sends on the socket, with its payload. An event goes to
 * the admins and to the members of its group who may read its area (`eventPermission`); the
 * client answers an event by invalidating its queries.
 */
export interface ServerToClientEvents {
  /** A deploy task changed state. */
  'task.updated': (payload: TaskUpdatedEvent) => void;
  /** An origin's health changed (healthy, unhealthy, or unchecked again after an edit). */
  'origin.health': (payload: OriginHealthEvent) => void;
}

export interface TaskUpdatedEvent {
  taskNo: string;
  /** The group's name when the event is sent (after a rename, the new one). */
  groupName: string;
  entity: DeployEntity;
  entityId: string;
  state: TaskState;
  error?: string;
}

export interface OriginHealthEvent {
  groupName: string;
  policyId: string;
  address: string;
  health: OriginHealthState;
  checkedAt: number | null;
}

/** The client sends nothing yet; the socket is a one-way feed. */
export type ClientToServerEvents = Record<string, never>;

export const SOCKET_PATH = '/socket.io';
/** The area a member must be able to read, in the event's group, to receive it. */
export const eventPermission: {
  [E in keyof ServerToClientEvents]: (payload: Parameters<ServerToClientEvents[E]>[0]) => Permission;
} = {
  'task.updated': (payload) => ENTITY_PERMISSION[payload.entity],
  'origin.health': () => 'originPolicy',
};

/**
 * Room names. A group's events go to one room per (group id, area): the id survives a rename
 * and is never reused, so a room cannot come to mean another tenant. Every admin joins one room.
 */
export const groupRoom = (groupId: string, permission: Permission): string => `group:${groupId}:${permission}`;
export const ADMIN_ROOM = 'admins';
