import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@parapet/shared';
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { settleOwnTask } from './own-changes';
import { healthInvalidations, liveQueryInvalidations, taskInvalidations } from './query-keys';
import { onSessionEnd } from './session';

type ParapetSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ParapetSocket | undefined;
let stopWatchingSession: (() => void) | undefined;

const invalidate = (queryClient: QueryClient, filters: InvalidateQueryFilters[]) =>
  Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));

/**
 * How the console answers each event: it refetches only the queries of the entity the event
 * names; a finished task of the user's own change is also told to own-changes ("Deploy successfully").
 */
export function socketHandlers(queryClient: QueryClient): {
  [E in keyof ServerToClientEvents]: ServerToClientEvents[E];
} & { connect: () => void } {
  return {
    // A page's first answers are fetched while the socket is still connecting, and a reconnect
    // follows a gap: a task that ended in between sent its event to no one, and the page would
    // say Deploying for good. So each connect refetches what events keep live (on screen only).
    connect: () => void invalidate(queryClient, liveQueryInvalidations()),
    'task.updated': (event) => {
      settleOwnTask(event);
      void invalidate(queryClient, taskInvalidations(event));
    },
    'origin.health': (event) => void invalidate(queryClient, healthInvalidations(event)),
  };
}

/**
 * Opens the real-time feed (same host, session cookie) while signed in. The server sends it
 * to the rooms of the user's groups; the console answers by refetching what the event names.
 */
export function connectSocket(queryClient: QueryClient): ParapetSocket {
  if (socket) return socket;
  // WebSocket only: long-polling starts with a handshake request and then needs every later
  // request on the same server, which a load balancer spreading connections over several
  // servers does not do ("Session ID unknown"); one WebSocket connection stays on one server.
  socket = io({ path: SOCKET_PATH, withCredentials: true, transports: ['websocket'] });
  // The end of the session (sign-out, a 401 anywhere) closes it at once.
  stopWatchingSession = onSessionEnd(disconnectSocket);
  const handlers = socketHandlers(queryClient);
  socket.on('connect', handlers.connect);
  socket.on('task.updated', handlers['task.updated']);
  socket.on('origin.health', handlers['origin.health']);
  return socket;
}

export function disconnectSocket(): void {
  stopWatchingSession?.();
  stopWatchingSession = undefined;
  socket?.disconnect();
  socket = undefined;
}
