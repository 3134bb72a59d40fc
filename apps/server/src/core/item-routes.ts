import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { errorBodySchema, idParamsSchema, okSchema, type AccessKind, type Permission } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { assertListedGroup } from './group-scope.js';

/** The error answers an item's routes may give, documented on each of them. */
export const itemRouteErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Item routes are for a signed-in session. */
export const sessionSecurity = [{ session: [] }];

/** The instance a route plugin of ours is handed (with the zod type provider). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * What a write of an item needs of the caller: the store and who writes it (for the audit log).
 * A kind that needs more (a certificate's key is sealed with the secret key) adds it itself.
 */
export interface ItemContext {
  db: Kysely<Database>;
  actor: string;
}

/**
 * Routes of one item kind: its list (of one group), one item, create, save over a version,
 * delete. Its types are inferred from the schemas alone (`NoInfer` on the handlers), so each
 * handler is checked against the schemas of what it takes and what it answers.
 */
export interface ItemRoutesSpec<Row, Query, List, Item, Create, Update> {
  /** The area permission that reads and changes the kind. */
  permission: Permission;
  /** The OpenAPI tag its routes are listed under. */
  tag: string;
  /** The collection (list, create) and the one item by `:id` (get, save, delete). */
  paths: { list: string; one: string };
  schemas: {
    listQuery: z.ZodType<Query>;
    list: z.ZodType<List>;
    item: z.ZodType<Item>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
  };
  /** The OpenAPI summary of each route. */
  summaries: { list: string; one: string; create: string; update: string; remove: string };
  findRow(db: Kysely<Database>, id: string): Promise<Row | undefined>;
  /** A page of the group's items (the group is checked and readable by then). */
  list(db: Kysely<Database>, query: NoInfer<Query>): Promise<NoInfer<List>>;
  /** The answer for one row (a kind's batch answer of one row may be empty in type only: 404). */
  toOne(db: Kysely<Database>, row: NoInfer<Row>): Promise<NoInfer<Item> | undefined>;
  create(ctx: ItemContext, body: NoInfer<Create>): Promise<NoInfer<Item>>;
  update(ctx: ItemContext, row: NoInfer<Row>, body: NoInfer<Update>): Promise<NoInfer<Item>>;
  remove(ctx: ItemContext, row: NoInfer<Row>): Promise<void>;
  /** A kind's own refusals of a body, after the access check and before the write. */
  checkCreate?(body: NoInfer<Create>): Promise<void>;
  checkUpdate?(body: NoInfer<Update>): Promise<void>;
}

/** The caller's read or write access to the kind in one group: 404 outside it, 403 without the permission. */
export type ItemAccess = (request: FastifyRequest, groupName: string, kind: AccessKind) => Promise<void>;

/** Loads a row by id for a read or a write, as the caller may see it. */
export type LoadItemRow<Row> = (request: FastifyRequest, id: string, kind: AccessKind) => Promise<Row>;

/**
 * What fastify has validated and parsed with `schema` before the handler runs. The zod type
 * provider cannot resolve a route's types while its schemas are type parameters, so the routes
 * below are declared through the default provider and their parsed parts are named here.
 */
const validated = <T>(_schema: z.ZodType<T>, value: unknown): T => value as T;

/**
 * Registers the five routes every deployed item kind has, with the same access rules for all:
 * a list shows one group that exists (`assertListedGroup`) and needs read access to it; an
 * item of a group the caller cannot see answers 404 like one that does not exist, and one the
 * caller may see but not change answers 403; a create needs write access to the body's group.
 * Hands back the access check and the row loader for the routes a kind has beyond these.
 */
export function registerItemRoutes<
  Row extends { group_name: string },
  Query extends { groupName: string },
  List,
  Item,
  Create extends { groupName: string },
  Update,
>(
  app: RouteApp,
  spec: ItemRoutesSpec<Row, Query, List, Item, Create, Update>,
): { access: ItemAccess; loadRow: LoadItemRow<Row> } {
  const { paths, schemas, summaries } = spec;
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const tags = [spec.tag];
  const security = sessionSecurity;
  const errors = itemRouteErrors;

  const access: ItemAccess = async (request, groupName, kind) => {
    await app.assertGroupAccess(request, groupName, { permission: spec.permission, access: kind });
  };
  const context = async (request: FastifyRequest): Promise<ItemContext> => ({
    db: app.store.db,
    actor: (await request.actor()).username,
  });
  const loadRow: LoadItemRow<Row> = async (request, id, kind) => {
    const row = await spec.findRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };
  const idOf = (request: FastifyRequest) => validated(idParamsSchema, request.params).id;

  routes.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: summaries.list,
        querystring: schemas.listQuery,
        response: { 200: schemas.list, ...errors },
      },
    },
    async (request) => {
      const query = validated(schemas.listQuery, request.query);
      await assertListedGroup(app.store.db, query.groupName);
      await access(request, query.groupName, 'read');
      return spec.list(app.store.db, query);
    },
  );

  routes.get(
    paths.one,
    {
      schema: {
        tags,
        security,
        summary: summaries.one,
        params: idParamsSchema,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (request) => {
      const item = await spec.toOne(app.store.db, await loadRow(request, idOf(request), 'read'));
      if (item === undefined) throw new AppError('NOT_FOUND');
      return item;
    },
  );

  routes.post(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: schemas.item, ...errors },
      },
    },
    async (request, reply) => {
      const body = validated(schemas.create, request.body);
      await access(request, body.groupName, 'write');
      await spec.checkCreate?.(body);
      return reply.status(201).send(await spec.create(await context(request), body));
    },
  );

  routes.put(
    paths.one,
    {
      schema: {
        tags,
        security,
        summary: summaries.update,
        params: idParamsSchema,
        body: schemas.update,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, idOf(request), 'write');
      const body = validated(schemas.update, request.body);
      await spec.checkUpdate?.(body);
      return spec.update(await context(request), row, body);
    },
  );

  routes.delete(
    paths.one,
    {
      schema: {
        tags,
        security,
        summary: summaries.remove,
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await spec.remove(await context(request), await loadRow(request, idOf(request), 'write'));
      return { ok: true as const };
    },
  );

  return { access, loadRow };
}
