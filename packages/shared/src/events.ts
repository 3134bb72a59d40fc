import type { DeployEntity, TaskState } from './schemas/deploy.js';
import type { OriginHealthState } from './schemas/origin-policies.js';

/**
 * Every real-time event the server sends on the socket, with its payload. Events go to the
 * room of the group they concern; the client answers an event by invalidating its queries.
 */
export interface ServerToClientEvents {
  /** A deploy task changed state. */
  'task.updated': (payload: TaskUpdatedEvent) => void;
  /** An origin's health changed (healthy, unhealthy, or unchecked again after an edit). */
  'origin.health': (payload: OriginHealthEvent) => void;
}

export interface TaskUpdatedEvent {
  taskNo: string;
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
/** Room names: one room per group, plus one that every admin joins. */
export const groupRoom = (groupName: string): string => `group:${groupName}`;
export const ADMIN_ROOM = 'admins';
