import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CERT_API,
  certListQuerySchema,
  certListSchema,
  certSchema,
  createCertSchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  replaceCertSchema,
  type AccessKind,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { assertListedGroup } from '../../core/group-scope.js';
import { usersOf } from '../../core/references.repository.js';
import { findCertRow, listCertRows } from './certs.repository.js';
import { createCert, deleteCert, replaceCert, toCert, type CertContext } from './certs.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['certificates'];
const security = [{ session: [] }];

/** Certificates of a group: upload (PEM chain and key), list, replace, delete. */
export const certRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const access = (request: FastifyRequest, groupName: string, kind: AccessKind) =>
    app.assertGroupAccess(request, groupName, { permission: 'certificates', access: kind });
  const context = async (request: FastifyRequest): Promise<CertContext> => ({
    db: app.store.db,
    secretKey: app.config.secretKey,
    actor: (await request.actor()).username,
  });
  /** A certificate of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind) => {
    const row = await findCertRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };

  app.get(
    CERT_API.certs,
    {
      schema: {
        tags,
        security,
        summary: "A group's certificates, a page at a time",
        querystring: certListQuerySchema,
        response: { 200: certListSchema, ...errors },
      },
    },
    async (request) => {
      await assertListedGroup(app.store.db, request.query.groupName);
      await access(request, request.query.groupName, 'read');
      const { rows, total } = await listCertRows(app.store.db, request.query);
      const users = await usersOf(
        app.store.db,
        'cert',
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toCert(row, users.get(row.id))), total };
    },
  );

  app.get(
    CERT_API.cert,
    {
      schema: {
        tags,
        security,
        summary: 'One certificate (never its key)',
        params: idParamsSchema,
        response: { 200: certSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'read');
      return toCert(row, (await usersOf(app.store.db, 'cert', [row.id])).get(row.id));
    },
  );

  app.post(
    CERT_API.certs,
    {
      schema: {
        tags,
        security,
        summary: 'Upload a certificate (PEM chain) and its private key',
        body: createCertSchema,
        response: { 201: certSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access(request, request.body.groupName, 'write');
      return reply.status(201).send(await createCert(await context(request), request.body));
    },
  );

  app.put(
    CERT_API.cert,
    {
      schema: {
        tags,
        security,
        summary: "Replace a certificate's PEM and key",
        params: idParamsSchema,
        body: replaceCertSchema,
        response: { 200: certSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'write');
      return replaceCert(await context(request), row, request.body);
    },
  );

  app.delete(
    CERT_API.cert,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a certificate no line uses',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'write');
      await deleteCert(await context(request), row);
      return { ok: true as const };
    },
  );
};
