import { pipeline, type Readable } from 'node:stream';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip, type InputType } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's level for what is written on the fly: about gzip -9's size in a fraction of its time. */
export const LIVE_BROTLI_QUALITY = 4;
export const LIVE_GZIP_LEVEL = 6;

/** The encodings the server writes, brotli first. */
export type AnswerEncoding = 'br' | 'gzip';

/**
 * The encoding to answer a request in: brotli whenever the client takes it (q above 0), else
 * gzip (`x-gzip` is its old name), else none. `*` stands for any encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    q[name === 'x-gzip' ? 'gzip' : name] = weight === undefined ? 1 : Number(weight);
  }
  const takes = (name: AnswerEncoding) => (q[name] ?? q['*'] ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/** Media types worth compressing: text, and the text formats the server sends as application/*. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|x-ndjson|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } };
const GZIP = { level: LIVE_GZIP_LEVEL };

function compressBytes(encoding: AnswerEncoding, bytes: InputType, done: (error: Error | null, out: Buffer) => void) {
  if (encoding === 'br') brotliCompress(bytes, BROTLI, done);
  else gzip(bytes, GZIP, done);
}

const compressStream = (encoding: AnswerEncoding) =>
  encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const given = vary === undefined ? '' : String(vary);
  if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(given))
    reply.header('vary', given ? `${given}, accept-encoding` : 'accept-encoding');
}

/**
 * One onSend hook for every answer. Most API answers leave at the first or second test (no
 * Accept-Encoding, or under the threshold), which is why this is not @fastify/compress: its
 * three hooks a route cost every request several microseconds, the whole of a small answer's
 * budget (docs/api-bench.md).
 */
function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  const accepted = request.headers['accept-encoding'];
  if (payload == null || accepted === undefined) return done(null, payload);
  const isStream = typeof (payload as Readable).pipe === 'function';
  if (!isStream) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A string's length in UTF-16 units is at most its length in UTF-8 bytes.
    if (payload.length < COMPRESSION_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES)
      return done(null, payload);
  }
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return done(null, payload);
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return done(null, payload);
  const encoding = chooseEncoding(accepted);
  if (!encoding) return done(null, payload);

  addVary(reply);
  reply.header('content-encoding', encoding);
  if (isStream) {
    reply.removeHeader('content-length');
    const out = compressStream(encoding);
    pipeline(payload as Readable, out, (error) => {
      // A client gone mid-download is not the server's error.
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        request.log.error({ err: error }, 'compressing an answer failed');
    });
    return done(null, out);
  }
  // On the thread pool: a large list compressed on the main thread would hold every other request.
  compressBytes(encoding, payload as InputType, (error, out) => {
    if (error) return done(error);
    reply.header('content-length', out.length);
    done(null, out);
  });
}

/** Methods whose requests carry no body: nothing to inflate. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Compresses what the server writes on the fly (API JSON, error bodies, the OpenAPI document,
 * exports) when the client accepts it, brotli before gzip. Brotli's default quality (11) is meant
 * for build time; quality 4 compresses about as well as gzip -9 in a fraction of the time. The
 * console's built files are compressed once at build time instead (plugins/console.ts), and
 * anything already encoded is left alone. `Vary: Accept-Encoding` goes with every compressed
 * answer so a shared cache keeps the variants apart.
 *
 * Bodies sent compressed (`Content-Encoding: gzip`, `deflate`, `br`; ingest batches) are
 * inflated by @fastify/compress, on the routes that take a body only: its inflater counts bytes
 * as sent and as inflated against the body limit, which is worth keeping as it is.
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', compressAnswer);
    // Before @fastify/compress's own onRoute hook, which reads these.
    app.addHook('onRoute', (route) => {
      route.compress = false;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => BODILESS.has(method))) route.decompress = false;
    });
    // Content codings are case-insensitive (RFC 9110 §8.4.1); @fastify/compress matches them as
    // written, and answered `Content-Encoding: GZIP` with 415.
    app.addHook('onRequest', async (request) => {
      const encoding = request.headers['content-encoding'];
      if (typeof encoding === 'string') request.headers['content-encoding'] = encoding.toLowerCase();
    });
    await app.register(compress, { global: true });
  },
  { name: 'compression' },
);
