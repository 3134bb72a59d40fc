import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INGEST_API,
  INGEST_BATCH_MAX_BYTES,
  INGEST_BATCH_MAX_LINES,
  INGEST_MEDIA_TYPES,
  errorBodySchema,
  ingestResultSchema,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { openAsnLookup, openAsnMmdbLookup, type AsnLookup } from '../geoip/asn-lookup.js';
import { openCountryLookup, type CountryLookup } from '../geoip/country-lookup.js';
import { authenticateIngestToken } from '../ingest-tokens/ingest-tokens.service.js';
import { ingestBatch } from './ingest.service.js';
import { createLineResolver } from './line-resolver.js';

const MIB = 1024 * 1024;

/**
 * POST /api/ingest/events (docs/ingest.md): NDJSON batches of event records from the edge or
 * the simulator, authenticated by an ingest token alone. No session and no console header:
 * the call is machine to machine (plugins/csrf.ts, `bearerOnly`).
 */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: the rest of the API keeps its JSON parser and 1 MiB limit.
  // The body stays a Buffer so each line is checked on its own (plugins/text-guard.ts skips it).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    [...INGEST_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: INGEST_BATCH_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The body limit counts bytes as sent and as inflated (plugins/compression.ts inflates
  // gzip bodies). Going over it either way answers this call's own code, which tells a shipper
  // to send smaller batches, not the generic PAYLOAD_TOO_LARGE.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('INGEST_BATCH_TOO_LARGE');
    throw error;
  });

  // One GeoIP database per server, read on the first batch that needs it. The ASN one is
  // opened likewise but read only at its first public address (asn-lookup.ts).
  let countries: CountryLookup | undefined;
  const countryOf = (ip: string) => (countries ??= openCountryLookup(app.config.geoipCountryDb)).countryOf(ip);
  let asns: AsnLookup | undefined;
  const openAsns = (): AsnLookup =>
    app.config.geoipAsnDb ? openAsnMmdbLookup(app.config.geoipAsnDb) : openAsnLookup();
  const ispOf = (ip: string) => (asns ??= openAsns()).ispOf(ip);
  const resolveLines = createLineResolver(app.store.db);

  app.post(
    INGEST_API.events,
    {
      bodyLimit: INGEST_BATCH_MAX_BYTES,
      config: { bearerOnly: true },
      // The body stays raw and parseBatch checks it line by line; the body schema below only
      // describes it in the OpenAPI document, so nothing validates it as a whole.
      validatorCompiler: () => (value) => ({ value }),
      onRequest: async (request) => {
        await authenticateIngestToken(app.store.db, request.headers.authorization);
      },
      schema: {
        tags: ['ingest'],
        security: [{ ingestToken: [] }],
        summary: 'Send a batch of request events',
        description:
          `NDJSON (\`${INGEST_MEDIA_TYPES.join('` or `')}\`): one EventRecord a line, blank lines ignored; ` +
          `gzip, deflate or br with Content-Encoding. At most ${INGEST_BATCH_MAX_BYTES / MIB} MiB as sent ` +
          `and inflated, and ${INGEST_BATCH_MAX_LINES} records. A bad line is reported by its number and ` +
          'the rest is stored; records of unknown server names are counted and dropped.',
        consumes: [...INGEST_MEDIA_TYPES],
        body: z.string().describe('NDJSON: one EventRecord a line'),
        response: {
          200: ingestResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      return ingestBatch({ resolveLines, countryOf, ispOf, events: () => app.events.get() }, body.toString('utf8'));
    },
  );
};
