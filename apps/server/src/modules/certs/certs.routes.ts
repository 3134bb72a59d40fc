import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CERT_API,
  certListQuerySchema,
  certListSchema,
  certSchema,
  createCertSchema,
  replaceCertSchema,
} from '@parapet/shared';
import { registerItemRoutes, type ItemContext } from '../../core/item-routes.js';
import { usersOf } from '../../core/references.repository.js';
import { findCertRow, listCertRows } from './certs.repository.js';
import { createCert, deleteCert, replaceCert, toCert, type CertContext } from './certs.service.js';

/** Certificates of a group: upload (PEM chain and key), list, replace, delete. */
export const certRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  /** A certificate's key is sealed with the secret key, so its writes carry it. */
  const withKey = (ctx: ItemContext): CertContext => ({ ...ctx, secretKey: app.config.secretKey });

  registerItemRoutes(app, {
    permission: 'certificates',
    tag: 'certificates',
    paths: { list: CERT_API.certs, one: CERT_API.cert },
    schemas: {
      listQuery: certListQuerySchema,
      list: certListSchema,
      item: certSchema,
      create: createCertSchema,
      update: replaceCertSchema,
    },
    summaries: {
      list: "A group's certificates, a page at a time",
      one: 'One certificate (never its key)',
      create: 'Upload a certificate (PEM chain) and its private key',
      update: "Replace a certificate's PEM and key",
      remove: 'Delete a certificate no line uses',
    },
    findRow: findCertRow,
    list: async (db, query) => {
      const { rows, total } = await listCertRows(db, query);
      const users = await usersOf(
        db,
        'cert',
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toCert(row, users.get(row.id))), total };
    },
    toOne: async (db, row) => toCert(row, (await usersOf(db, 'cert', [row.id])).get(row.id)),
    create: (ctx, body) => createCert(withKey(ctx), body),
    update: (ctx, row, body) => replaceCert(withKey(ctx), row, body),
    remove: (ctx, row) => deleteCert(withKey(ctx), row),
  });
};
