import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICE_LINE_API,
  addDomainSchema,
  bulkDeleteDomainsSchema,
  bulkEditDomainsSchema,
  checkCnameAnswerSchema,
  checkCnameSchema,
  createServiceLineSchema,
  lineDomainListSchema,
  okSchema,
  errorBodySchema,
  idParamsSchema,
  lineByNameParamsSchema,
  purgeSchema,
  serviceLineListQuerySchema,
  serviceLineListSchema,
  serviceLineSchema,
  taskAnswerSchema,
  updateServiceLineSchema,
  changedLineChildren,
  type AccessKind,
  type ServiceLineChild,
  type UpdateServiceLine,
} from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { AppError } from '../../lib/app-error.js';
import { checkCnames } from './check-cname.js';
import { findLineByName, findLineRow, listLineDomains, listLineRows } from './service-lines.repository.js';
import {
  addDomains,
  createLine,
  deleteLine,
  describeDomains,
  purgeLine,
  removeDomains,
  toLine,
  updateLine,
  type LineContext,
} from './service-lines.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['service lines'];
const security = [{ session: [] }];

/** Service lines: the spec §7 create and update calls, and listing, reading, deleting, clearing cache. */
export const serviceLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  /** The line's permission, or one of its children (a settings tab): a child present in the role decides for itself. */
  const access = (request: FastifyRequest, groupName: string, kind: AccessKind, child?: ServiceLineChild) =>
    app.assertGroupAccess(request, groupName, {
      permission: 'serviceLines',
      access: kind,
      ...(child ? { child } : {}),
    });
  const context = async (request: FastifyRequest): Promise<LineContext> => ({
    db: app.store.db,
    actor: (await request.actor()).username,
    cnameZone: app.config.cnameZone,
    originGuard: app.originGuard,
  });
  /** A line of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind, child?: ServiceLineChild) => {
    const row = await findLineRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind, child);
    return row;
  };
  /**
   * A save needs the write of each child whose settings it changes (LINE_FIELD_CHILD), and the
   * line's write when it changes nothing. A stale save is a conflict first, as the service says:
   * compared with a newer version, other people's changes would be charged to the caller.
   */
  const assertSaveAllowed = async (
    request: FastifyRequest,
    row: Parameters<typeof toLine>[0],
    input: UpdateServiceLine,
  ) => {
    if (input.version !== row.version) throw new AppError('VERSION_CONFLICT');
    const changed = changedLineChildren(toLine(row), input);
    if (changed.length === 0) await access(request, row.group_name, 'write');
    for (const child of changed) await access(request, row.group_name, 'write', child);
  };

  app.post(
    SERVICE_LINE_API.create,
    {
      schema: {
        tags,
        security,
        summary: 'Create a service line (spec §7); answers the deploy task',
        body: createServiceLineSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await access(request, request.body.groupName, 'write');
      return createLine(await context(request), request.body);
    },
  );

  app.post(
    SERVICE_LINE_API.update,
    {
      schema: {
        tags,
        security,
        summary:
          'Save a whole service line over the version read (spec §7); an empty taskNo means it is already deploying',
        body: updateServiceLineSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.body.id, 'read');
      await assertSaveAllowed(request, row, request.body);
      return updateLine(await context(request), row, request.body);
    },
  );

  app.get(
    SERVICE_LINE_API.lines,
    {
      schema: {
        tags,
        security,
        summary: "A group's service lines, a page at a time",
        querystring: serviceLineListQuerySchema,
        response: { 200: serviceLineListSchema, ...errors },
      },
    },
    async (request) => {
      await assertListedGroup(app.store.db, request.query.groupName);
      await access(request, request.query.groupName, 'read');
      const { rows, total } = await listLineRows(app.store.db, request.query);
      return { items: rows.map(toLine), total };
    },
  );

  app.get(
    SERVICE_LINE_API.line,
    {
      schema: {
        tags,
        security,
        summary: 'One service line',
        params: idParamsSchema,
        response: { 200: serviceLineSchema, ...errors },
      },
    },
    async (request) => toLine(await loadRow(request, request.params.id, 'read')),
  );

  app.get(
    SERVICE_LINE_API.lineByName,
    {
      schema: {
        tags,
        security,
        summary: 'The service line of a group by its name',
        params: lineByNameParamsSchema,
        response: { 200: serviceLineSchema, ...errors },
      },
    },
    async (request) => {
      const { groupName, appProfileName } = request.params;
      await access(request, groupName, 'read');
      const row = await findLineByName(app.store.db, groupName, appProfileName);
      if (!row) throw new AppError('NOT_FOUND');
      return toLine(row);
    },
  );

  app.delete(
    SERVICE_LINE_API.line,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a service line: Deleting until the edge has dropped it',
        params: idParamsSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) => deleteLine(await context(request), await loadRow(request, request.params.id, 'write')),
  );

  app.post(
    SERVICE_LINE_API.purge,
    {
      schema: {
        tags,
        security,
        summary: "Clear a line's cache by path; no path clears everything",
        params: idParamsSchema,
        body: purgeSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) =>
      purgeLine(
        await context(request),
        await loadRow(request, request.params.id, 'write', 'cacheRules'),
        request.body.paths,
        request.body.domains,
      ),
  );

  /** A line by group and name, for the calls that name it so (spec §7 bodies). */
  const loadByName = async (
    request: FastifyRequest,
    groupName: string,
    appProfileName: string,
    kind: AccessKind,
    child?: ServiceLineChild,
  ) => {
    await access(request, groupName, kind, child);
    const row = await findLineByName(app.store.db, groupName, appProfileName);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  app.get(
    SERVICE_LINE_API.domains,
    {
      schema: {
        tags,
        security,
        summary: "A line's domains with their descriptions",
        params: idParamsSchema,
        response: { 200: lineDomainListSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'read', 'domains');
      const domains = await listLineDomains(app.store.db, row.id);
      return {
        items: domains.map((d) => ({
          domain: d.domain,
          description: d.description,
          cnameto: row.cnameto,
          status: row.status,
          createdBy: d.created_by,
          createdAt: d.created_at,
        })),
      };
    },
  );

  app.post(
    SERVICE_LINE_API.addDomain,
    {
      schema: {
        tags,
        security,
        summary: 'Add domains to a line (spec §7); answers the deploy task',
        body: addDomainSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { groupName, appProfileName, servername, description, confirmUncovered } = request.body;
      return addDomains(
        await context(request),
        await loadByName(request, groupName, appProfileName, 'write', 'domains'),
        servername,
        description,
        confirmUncovered === true,
      );
    },
  );

  app.post(
    SERVICE_LINE_API.bulkEditDomains,
    {
      schema: {
        tags,
        security,
        summary: 'Give several domains of a line one description',
        params: idParamsSchema,
        body: bulkEditDomainsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await describeDomains(
        await context(request),
        await loadRow(request, request.params.id, 'write', 'domains'),
        request.body.domains,
        request.body.description,
      );
      return { ok: true as const };
    },
  );

  app.post(
    SERVICE_LINE_API.bulkDeleteDomains,
    {
      schema: {
        tags,
        security,
        summary: 'Take several domains off a line (one must stay)',
        params: idParamsSchema,
        body: bulkDeleteDomainsSchema,
        response: { 200: taskAnswerSchema, ...errors },
      },
    },
    async (request) =>
      removeDomains(
        await context(request),
        await loadRow(request, request.params.id, 'write', 'domains'),
        request.body.domains,
      ),
  );

  app.post(
    SERVICE_LINE_API.checkCname,
    {
      schema: {
        tags,
        security,
        summary: "Whether each of a line's domains points at its CNAME target, asked of real DNS",
        body: checkCnameSchema,
        response: { 200: checkCnameAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadByName(request, request.body.groupName, request.body.appProfileName, 'read', 'domains');
      const domains = (await listLineDomains(app.store.db, row.id)).map((d) => d.domain);
      return { target: row.cnameto, results: await checkCnames(domains, row.cnameto, app.config.dnsResolvers) };
    },
  );
};
