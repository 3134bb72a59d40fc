import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HTML_PAGE_API,
  createHtmlPageSchema,
  errorBodySchema,
  htmlPageListQuerySchema,
  htmlPageListSchema,
  htmlPageSchema,
  idParamsSchema,
  okSchema,
  previewHtmlPageSchema,
  updateHtmlPageSchema,
  type AccessKind,
} from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { AppError } from '../../lib/app-error.js';
import { findPageRow, listPageRows } from './html-pages.repository.js';
import {
  createPage,
  deletePage,
  ensureDefaultPage,
  toPages,
  updatePage,
  type PageContext,
} from './html-pages.service.js';
import { sendPreview } from './preview.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['html pages'];
const security = [{ session: [] }];

/** HTML pages of a group: error and deny pages with their request-id block, and their previews. */
export const htmlPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const access = (request: FastifyRequest, groupName: string, kind: AccessKind) =>
    app.assertGroupAccess(request, groupName, { permission: 'htmlPages', access: kind });
  const context = async (request: FastifyRequest): Promise<PageContext> => ({
    db: app.store.db,
    actor: (await request.actor()).username,
  });
  /** A page of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind) => {
    const row = await findPageRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };

  app.get(
    HTML_PAGE_API.pages,
    {
      schema: {
        tags,
        security,
        summary: "A group's HTML pages, the built-in page first",
        querystring: htmlPageListQuerySchema,
        response: { 200: htmlPageListSchema, ...errors },
      },
    },
    async (request) => {
      await assertListedGroup(app.store.db, request.query.groupName);
      await access(request, request.query.groupName, 'read');
      await ensureDefaultPage(app.store.db, request.query.groupName);
      const { rows, total } = await listPageRows(app.store.db, request.query);
      return { items: await toPages(app.store.db, rows), total };
    },
  );

  app.get(
    HTML_PAGE_API.page,
    {
      schema: {
        tags,
        security,
        summary: 'One HTML page',
        params: idParamsSchema,
        response: { 200: htmlPageSchema, ...errors },
      },
    },
    async (request) => {
      const [page] = await toPages(app.store.db, [await loadRow(request, request.params.id, 'read')]);
      return page;
    },
  );

  app.get(
    HTML_PAGE_API.preview,
    {
      schema: {
        tags,
        security,
        summary: 'The page as visitors see it, with a sample request-id block (text/html, sandboxed)',
        params: idParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const row = await loadRow(request, request.params.id, 'read');
      return sendPreview(
        reply,
        { content: row.content, ridPosition: row.rid_position, ridColor: row.rid_color },
        request.ip,
      );
    },
  );

  app.post(
    HTML_PAGE_API.previewDraft,
    {
      schema: {
        tags,
        security,
        summary: 'A draft page rendered as visitors would see it (text/html, sandboxed)',
        body: previewHtmlPageSchema,
        response: errors,
      },
    },
    async (request, reply) => sendPreview(reply, request.body, request.ip),
  );

  app.post(
    HTML_PAGE_API.pages,
    {
      schema: {
        tags,
        security,
        summary: 'Create an HTML page (uploaded or typed)',
        body: createHtmlPageSchema,
        response: { 201: htmlPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access(request, request.body.groupName, 'write');
      return reply.status(201).send(await createPage(await context(request), request.body));
    },
  );

  app.put(
    HTML_PAGE_API.page,
    {
      schema: {
        tags,
        security,
        summary: "Save a page's source and request-id block over the version read",
        params: idParamsSchema,
        body: updateHtmlPageSchema,
        response: { 200: htmlPageSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'write');
      return updatePage(await context(request), row, request.body);
    },
  );

  app.delete(
    HTML_PAGE_API.page,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a page nothing uses (never the built-in page)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deletePage(await context(request), await loadRow(request, request.params.id, 'write'));
      return { ok: true as const };
    },
  );
};
