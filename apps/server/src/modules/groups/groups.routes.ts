import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GROUP_API,
  createGroupSchema,
  errorBodySchema,
  groupListSchema,
  groupParamsSchema,
  groupSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  okSchema,
  putMemberSchema,
  updateGroupSchema,
} from '@parapet/shared';
import { listGroups } from './groups.repository.js';
import { createGroup, membersOf, putMember, removeGroup, removeMember, updateGroup } from './groups.service.js';
import { dropGroupEvents, moveGroupEvents } from '../event-store/group-events.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['groups'];
const security = [{ session: [] }];

/** Groups are the tenants; anyone sees their own, only admins change them. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    GROUP_API.groups,
    {
      schema: {
        tags,
        security,
        summary: 'Groups the caller may see (admins: all)',
        response: { 200: groupListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.actor();
      return {
        items: await listGroups(
          app.store.db,
          user.privilege === 'admin' ? undefined : user.inGroupsRole.map((g) => g.groupName),
        ),
      };
    },
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', app.requireAdmin);
    const actor = async (request: { actor: () => Promise<{ username: string }> }) => (await request.actor()).username;

    admin.post(
      GROUP_API.groups,
      {
        schema: {
          tags,
          security,
          summary: 'Create a group (admins)',
          body: createGroupSchema,
          response: { 201: groupSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createGroup(app.store.db, await actor(request), request.body)),
    );
    admin.patch(
      GROUP_API.group,
      {
        schema: {
          tags,
          security,
          summary: 'Rename a group or change its plan (admins)',
          params: groupParamsSchema,
          body: updateGroupSchema,
          response: { 200: groupSchema, ...errors },
        },
      },
      async (request) => {
        const group = await updateGroup(app.store.db, await actor(request), request.params.groupName, request.body);
        await moveGroupEvents(app, request.params.groupName, group.name);
        return group;
      },
    );
    admin.delete(
      GROUP_API.group,
      {
        schema: {
          tags,
          security,
          summary: 'Delete a group (admins)',
          params: groupParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        const by = await actor(request);
        // Its members' sockets leave its rooms at once (the id is never reused, so this is tidiness, not safety).
        await app.realtime.deleteGroup(request.params.groupName, () =>
          removeGroup(app.store.db, by, request.params.groupName),
        );
        await dropGroupEvents(app, request.params.groupName);
        return { ok: true as const };
      },
    );
    admin.get(
      GROUP_API.members,
      {
        schema: {
          tags,
          security,
          summary: "A group's members and roles (admins)",
          params: groupParamsSchema,
          response: { 200: memberListSchema, ...errors },
        },
      },
      async (request) => ({
        items: await membersOf(app.store.db, request.params.groupName),
      }),
    );
    // A member's open sockets follow their role at once: they hear the areas they may read now, on every server.
    admin.put(
      GROUP_API.member,
      {
        schema: {
          tags,
          security,
          summary: "Add a member or change a member's permissions (admins)",
          params: memberParamsSchema,
          body: putMemberSchema,
          response: { 200: memberSchema, ...errors },
        },
      },
      async (request) => {
        const member = await putMember(
          app.store.db,
          await actor(request),
          request.params.groupName,
          request.params.username,
          request.body.rolePermissions,
        );
        await app.realtime.syncMember(request.params.groupName, member.username);
        return member;
      },
    );
    admin.delete(
      GROUP_API.member,
      {
        schema: {
          tags,
          security,
          summary: 'Remove a member; their sessions end (admins)',
          params: memberParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await removeMember(
          app.store.db,
          await actor(request),
          request.params.groupName,
          request.params.username,
          (id) => app.realtime.disconnectSession(id),
        );
        await app.realtime.syncMember(request.params.groupName, request.params.username);
        return { ok: true as const };
      },
    );
  });
};
