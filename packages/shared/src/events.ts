/**
 * Every real-time event the server sends on the socket, with its payload. Events go to the
 * room of the group they concern; the client answers an event by invalidating its queries.
 */
export interface ServerToClientEvents {
  /** A deploy task changed state. */
  'task.updated': (payload: { taskNo: string; groupName: string; entity: string; entityId: string; state: TaskState; error?: string }) => void;
}

export type TaskState = 'queued' | 'running' | 'succeeded' | 'failed';

/** The client sends nothing yet; the socket is a one-way feed. */
export type ClientToServerEvents = Record<string, never>;

export const SOCKET_PATH = '/socket.io';
/** Room names: one room per group, plus one that every admin joins. */
export const groupRoom = (groupName: string): string => `group:${groupName}`;
export const ADMIN_ROOM = 'admins';
