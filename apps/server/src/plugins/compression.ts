import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's level for what is written on the fly: about gzip -9's size in a fraction of its time. */
export const LIVE_BROTLI_QUALITY = 4;
export const LIVE_GZIP_LEVEL = 6;

/**
 * Compresses what the server writes on the fly (API JSON, error bodies, the OpenAPI document)
 * when the client accepts it, brotli before gzip. Brotli's default quality (11) is meant for
 * build time; quality 4 compresses about as well as gzip -9 in a fraction of the time. The
 * console's built files are compressed once at build time instead (plugins/console.ts), and
 * anything already encoded is left alone. `Vary: Accept-Encoding` goes with every compressed
 * answer so a shared cache keeps the variants apart.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } },
      zlibOptions: { level: LIVE_GZIP_LEVEL },
    });
  },
  { name: 'compression' },
);
