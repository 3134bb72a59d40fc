import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICE_LINE_API,
  createServiceLineSchema,
  errorBodySchema,
  idParamsSchema,
  lineByNameParamsSchema,
  purgeSchema,
  serviceLineListQuerySchema,
  serviceLineListSchema,
  serviceLineSchema,
  taskAnswerSchema,
  updateServiceLineSchema,
  type AccessKind,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { registerUsageCounter } from '../tenancy/usage.js';
import { countLines, findLineByName, findLineRow, listLineRows } from './service-lines.repository.js';
import { createLine, deleteLine, purgeLine, toLine, updateLine, type LineContext } from './service-lines.service.js';
import './service-lines.publisher.js';

registerUsageCounter('maxAppProfileCount', countLines);

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['service lines'];
const security = [{ session: [] }];

/** Service lines: the spec §7 create and update calls, and listing, reading, deleting, clearing cache. */
export const serviceLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const access = (request: FastifyRequest, groupName: string, kind: AccessKind) => app.assertGroupAccess(request, groupName, { permission: 'serviceLines', access: kind });
  const context = async (request: FastifyRequest): Promise<LineContext> => ({ db: app.store.db, kind: app.store.kind, actor: (await request.actor()).username, cnameZone: app.config.cnameZone });
  /** A line of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind) => {
    const row = await findLineRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };

  app.post(SERVICE_LINE_API.create, { schema: { tags, security, summary: 'Create a service line (spec §7); answers the deploy task', body: createServiceLineSchema, response: { 200: taskAnswerSchema, ...errors } } }, async (request) => {
    await access(request, request.body.groupName, 'write');
    return createLine(await context(request), request.body);
  });

  app.post(
    SERVICE_LINE_API.update,
    { schema: { tags, security, summary: 'Save a whole service line over the version read (spec §7); an empty taskNo means it is already deploying', body: updateServiceLineSchema, response: { 200: taskAnswerSchema, ...errors } } },
    async (request) => updateLine(await context(request), await loadRow(request, request.body.id, 'write'), request.body),
  );

  app.get(SERVICE_LINE_API.lines, { schema: { tags, security, summary: "A group's service lines, a page at a time", querystring: serviceLineListQuerySchema, response: { 200: serviceLineListSchema, ...errors } } }, async (request) => {
    await access(request, request.query.groupName, 'read');
    const { rows, total } = await listLineRows(app.store.db, request.query);
    return { items: rows.map(toLine), total };
  });

  app.get(SERVICE_LINE_API.line, { schema: { tags, security, summary: 'One service line', params: idParamsSchema, response: { 200: serviceLineSchema, ...errors } } }, async (request) =>
    toLine(await loadRow(request, request.params.id, 'read')),
  );

  app.get(SERVICE_LINE_API.lineByName, { schema: { tags, security, summary: 'The service line of a group by its name', params: lineByNameParamsSchema, response: { 200: serviceLineSchema, ...errors } } }, async (request) => {
    const { groupName, appProfileName } = request.params;
    await access(request, groupName, 'read');
    const row = await findLineByName(app.store.db, groupName, appProfileName);
    if (!row) throw new AppError('NOT_FOUND');
    return toLine(row);
  });

  app.delete(SERVICE_LINE_API.line, { schema: { tags, security, summary: 'Delete a service line: Deleting until the edge has dropped it', params: idParamsSchema, response: { 200: taskAnswerSchema, ...errors } } }, async (request) =>
    deleteLine(await context(request), await loadRow(request, request.params.id, 'write')),
  );

  app.post(
    SERVICE_LINE_API.purge,
    { schema: { tags, security, summary: "Clear a line's cache by path; no path clears everything", params: idParamsSchema, body: purgeSchema, response: { 200: taskAnswerSchema, ...errors } } },
    async (request) => purgeLine(await context(request), await loadRow(request, request.params.id, 'write'), request.body.paths),
  );
};
