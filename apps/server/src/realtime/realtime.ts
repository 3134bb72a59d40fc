import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  ADMIN_ROOM,
  SESSION_COOKIE,
  SOCKET_PATH,
  groupRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@parapet/shared';
import { resolveSession } from '../modules/sessions/sessions.service.js';
import { loadCurrentUser } from '../modules/users/current-user.js';

interface SocketData {
  userId: string;
  sessionId: string;
  rooms: string[];
}

type EventName = keyof ServerToClientEvents;

export interface Realtime {
  /** Sends an event to everyone who may see the group: its members and every admin. */
  emitToGroup<E extends EventName>(groupName: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Drops the sockets of a session that has ended (sign-out, password change). */
  disconnectSession(sessionId: string): void;
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const sessionRoom = (id: string): string => `session:${id}`;

/**
 * socket.io on the API's own host and port. Only a live session may connect; each socket
 * joins the rooms of its groups (admins join the admin room, which every group event also
 * reaches). With REDIS_URL the Redis adapter carries events between server processes.
 */
export const realtimePlugin = fp(async (app, opts: { redisUrl?: string | undefined }) => {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
  });

  let redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    const token = cookies[SESSION_COOKIE];
    if (!token) return next(new Error('UNAUTHENTICATED'));
    // Rooms are worked out before the connection is accepted, so no event is missed between
    // the client's "connect" and its joining.
    resolveSession(app.store.db, app.config.session, token)
      .then(async (session) => {
        const user = session && (await loadCurrentUser(app.store.db, session.userId));
        if (!session || !user) return next(new Error('UNAUTHENTICATED'));
        const rooms = [sessionRoom(session.sessionId), ...user.inGroupsRole.map((g) => groupRoom(g.groupName))];
        if (user.privilege === 'admin') rooms.push(ADMIN_ROOM);
        socket.data = { userId: session.userId, sessionId: session.sessionId, rooms };
        next();
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'socket session check failed');
        next(new Error('INTERNAL'));
      });
  });

  io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>) => {
    void socket.join(socket.data.rooms);
  });

  app.decorate('realtime', {
    io,
    emitToGroup(groupName, event, ...args) {
      io.to([groupRoom(groupName), ADMIN_ROOM]).emit(event, ...args);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
  } satisfies Realtime);

  // Close sockets first so the HTTP server can finish closing; then the Redis clients.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    });
    await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
  });
});
