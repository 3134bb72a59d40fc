import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HTML_PAGE_API,
  createHtmlPageSchema,
  htmlPageListQuerySchema,
  htmlPageListSchema,
  htmlPageSchema,
  idParamsSchema,
  previewHtmlPageSchema,
  text,
  updateHtmlPageSchema,
} from '@parapet/shared';
import { itemRouteErrors, registerItemRoutes, sessionSecurity } from '../../core/item-routes.js';
import { findPageRow, listPageRows } from './html-pages.repository.js';
import { createPage, deletePage, ensureDefaultPage, toPages, updatePage } from './html-pages.service.js';
import { sendPreview } from './preview.js';

/** What the OpenAPI document says a preview answers: the page's HTML. */
const previewAnswers = { 200: text().describe('The page as HTML (text/html)'), ...itemRouteErrors };

const tag = 'html pages';

/** HTML pages of a group: error and deny pages with their request-id block, and their previews. */
export const htmlPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const { loadRow } = registerItemRoutes(app, {
    permission: 'htmlPages',
    tag,
    paths: { list: HTML_PAGE_API.pages, one: HTML_PAGE_API.page },
    schemas: {
      listQuery: htmlPageListQuerySchema,
      list: htmlPageListSchema,
      item: htmlPageSchema,
      create: createHtmlPageSchema,
      update: updateHtmlPageSchema,
    },
    summaries: {
      list: "A group's HTML pages, the built-in page first",
      one: 'One HTML page',
      create: 'Create an HTML page (uploaded or typed)',
      update: "Save a page's source and request-id block over the version read",
      remove: 'Delete a page nothing uses (never the built-in page)',
    },
    findRow: findPageRow,
    list: async (db, query) => {
      await ensureDefaultPage(db, query.groupName);
      const { rows, total } = await listPageRows(db, query);
      return { items: await toPages(db, rows), total };
    },
    toOne: async (db, row) => (await toPages(db, [row]))[0],
    create: createPage,
    update: updatePage,
    remove: deletePage,
  });

  app.get(
    HTML_PAGE_API.preview,
    {
      schema: {
        tags: [tag],
        security: sessionSecurity,
        summary: 'The page as visitors see it, with a sample request-id block (text/html, sandboxed)',
        params: idParamsSchema,
        response: previewAnswers,
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
        tags: [tag],
        security: sessionSecurity,
        summary: 'A draft page rendered as visitors would see it (text/html, sandboxed)',
        body: previewHtmlPageSchema,
        response: previewAnswers,
      },
    },
    async (request, reply) => sendPreview(reply, request.body, request.ip),
  );
};
