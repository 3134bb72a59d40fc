import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX, SESSION_COOKIE } from '@parapet/shared';

/**
 * The OpenAPI document is generated from the routes' zod schemas (the ones in
 * packages/shared), never written by hand. /api/openapi.json serves it; /api/docs browses it.
 */
export const openapiPlugin = fp(async (app, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parapet API',
        description: 'Control-plane API of the Parapet console. Errors are `{code, message, fields?}`.',
        version: opts.version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          ingestToken: { type: 'http', scheme: 'bearer', description: 'An ingest token made by an admin' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    uiConfig: { deepLinking: true },
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
