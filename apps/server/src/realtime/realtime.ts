import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  ADMIN_ROOM,
  SESSION_COOKIE,
  SOCKET_PATH,
  eventPermission,
  groupRoom,
  type ClientToServerEvents,
  type OriginHealthEvent,
  type Permission,
  type ServerToClientEvents,
  type TaskUpdatedEvent,
} from '@parapet/shared';
import { resolveSession } from '../modules/sessions/sessions.service.js';
import { findUserById } from '../modules/users/users.repository.js';
import {
  findGroupOfPolicy,
  findGroupOfTask,
  findGroupRef,
  findMemberRef,
  listMembershipRefs,
  type GroupRef,
} from './rooms.repository.js';
import { isGroupRoom, readableRooms, roomsOfGroup, roomsOfUser, sessionRoom, userRoom } from './rooms.js';

interface SocketData {
  userId: string;
  sessionId: string;
  privilege: 'admin' | 'user';
  rooms: string[];
}

type EventName = keyof ServerToClientEvents;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  /**
   * Sends an event to the admins and to the members of the group who may read the event's
   * area (`eventPermission`). The group is named by id: a rename keeps it, a new group of an old
   * name has another.
   */
  emitToGroup<E extends EventName>(group: GroupRef, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Sends a task's change to the group the task belongs to now; nothing if it is gone. */
  emitTaskUpdate(event: TaskUpdatedEvent): Promise<void>;
  /** Sends an origin's health to the group its policy belongs to now; nothing if it is gone. */
  emitOriginHealth(event: OriginHealthEvent): Promise<void>;
  /**
   * Brings a user's sockets, on every server, in line with their membership of a group as
   * stored now: in the rooms of the areas they may read, out of the others (all of them once
   * they are no longer a member). Called after a member is added, changed or removed.
   */
  syncMember(groupName: string, username: string): Promise<void>;
  /** Deletes a group with `remove`, then takes every socket out of the group's rooms. */
  deleteGroup(groupName: string, remove: () => Promise<void>): Promise<void>;
  /** Drops the sockets of a session that has ended (sign-out, password change). */
  disconnectSession(sessionId: string): void;
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * socket.io on the API's own host and port. Only a live session may connect. A group's events
 * go to one room per (group id, area); a member's socket joins the rooms of the areas they may
 * read, an admin's the admin room. Membership changes move sockets with `socketsJoin` and
 * `socketsLeave`, which the Redis adapter (REDIS_URL) carries to every server, like events.
 */
export const realtimePlugin = fp(async (app, opts: { redisUrl?: string | undefined }) => {
  const db = app.store.db;
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
    io.adapter(createAdapter(pub, sub, { key: app.config.redisKey }));
  }

  const roomsFor = async (userId: string, privilege: 'admin' | 'user') =>
    roomsOfUser(privilege, privilege === 'admin' ? [] : await listMembershipRefs(db, userId));

  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    const token = cookies[SESSION_COOKIE];
    if (!token) return next(new Error('UNAUTHENTICATED'));
    // Rooms are worked out before the connection is accepted, so no event is missed between
    // the client's "connect" and its joining.
    resolveSession(db, app.config.session, token)
      .then(async (session) => {
        const user = session && (await findUserById(db, session.userId));
        if (!session || !user) return next(new Error('UNAUTHENTICATED'));
        const rooms = [sessionRoom(session.sessionId), userRoom(user.id), ...(await roomsFor(user.id, user.privilege))];
        socket.data = { userId: user.id, sessionId: session.sessionId, privilege: user.privilege, rooms };
        next();
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'socket session check failed');
        next(new Error('INTERNAL'));
      });
  });

  /**
   * Reads the memberships again once the socket is in its user's room: a change stored before
   * this read is seen here, one stored after it reaches the socket through `syncMember`.
   */
  async function resync(socket: AppSocket): Promise<void> {
    const wanted = new Set(await roomsFor(socket.data.userId, socket.data.privilege));
    for (const room of socket.rooms) if (isGroupRoom(room) && !wanted.has(room)) void socket.leave(room);
    void socket.join([...wanted]);
  }

  io.on('connection', (socket: AppSocket) => {
    void socket.join(socket.data.rooms);
    resync(socket).catch((error: unknown) => {
      app.log.error({ err: error }, 'socket rooms could not be checked; dropping it');
      socket.disconnect(true);
    });
  });

  const realtime: Realtime = {
    io,
    emitToGroup(group, event, ...args) {
      const permission = (eventPermission[event] as (payload: unknown) => Permission)(args[0]);
      io.to([groupRoom(group.id, permission), ADMIN_ROOM]).emit(event, ...args);
    },
    async emitTaskUpdate(event) {
      const group = await findGroupOfTask(db, event.taskNo);
      if (group) realtime.emitToGroup(group, 'task.updated', { ...event, groupName: group.name });
    },
    async emitOriginHealth(event) {
      const group = await findGroupOfPolicy(db, event.policyId);
      if (group) realtime.emitToGroup(group, 'origin.health', { ...event, groupName: group.name });
    },
    async syncMember(groupName, username) {
      const [group, member] = await Promise.all([findGroupRef(db, groupName), findMemberRef(db, groupName, username)]);
      if (!group || !member) return;
      const allowed = member.role ? readableRooms(group, member.role) : [];
      const denied = roomsOfGroup(group.id).filter((room) => !allowed.includes(room));
      const sockets = io.in(userRoom(member.userId));
      if (denied.length) sockets.socketsLeave(denied);
      if (allowed.length) sockets.socketsJoin(allowed);
    },
    async deleteGroup(groupName, remove) {
      const group = await findGroupRef(db, groupName);
      await remove();
      if (group) io.in(roomsOfGroup(group.id)).socketsLeave(roomsOfGroup(group.id));
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
  };
  app.decorate('realtime', realtime);

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
