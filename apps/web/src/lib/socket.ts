import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@parapet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { USER_QUERY_ROOT_KEY } from './query-keys';

type ParapetSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ParapetSocket | undefined;

/**
 * Opens the real-time feed (same host, session cookie) while signed in. The server sends it
 * to the rooms of the user's groups; the console answers by refetching what may have changed.
 */
export function connectSocket(queryClient: QueryClient): ParapetSocket {
  if (socket) return socket;
  socket = io({ path: SOCKET_PATH, withCredentials: true });
  socket.on('task.updated', () => {
    // Coarse for now: a finished deploy can change statuses on any list. The user is left
    // alone (a deploy never changes who is signed in).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_ROOT_KEY });
  });
  socket.on('origin.health', () => {
    // An origin turned healthy or unhealthy: refetch the origin-policy lists (their keys start
    // with 'origin-policies', see features/origin-policies/api), so the tags change without a reload.
    void queryClient.invalidateQueries({ queryKey: ['origin-policies'] });
  });
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = undefined;
}
