import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../env.js';

/** The console's policy: strict security headers and CSP (ARCHITECTURE §9). */
export function consoleHelmetOptions(config: Pick<Config, 'publicUrl'>): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // HTML page previews: the server's sandboxed preview, or a draft as a blob (sandboxed too).
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  };
}

/** What helmet does to a response under these options: the headers it sets and those it removes. */
export interface HeaderSet {
  set: [name: string, value: string][];
  remove: string[];
}

/**
 * Runs helmet once against a response that only records, and keeps what it did. Our options are
 * plain values (no directive is a function of the request), so every response gets the same set.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (value) => typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
    )
  )
    throw new Error('A CSP directive worked out per request cannot be set once for every response');
  const out: HeaderSet = { set: [], remove: [] };
  const recorder = {
    setHeader: (name: string, value: string) => out.set.push([name, value]),
    removeHeader: (name: string) => out.remove.push(name),
  };
  let failure: unknown;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return out;
}

/**
 * Helmet's headers on every response, as @fastify/helmet put them (raw headers set when the
 * request comes in, so a route's own header, such as the HTML preview's CSP, replaces it), but
 * worked out once at start: helmet builds its middleware, parsing every CSP directive again,
 * each time it is called, and @fastify/helmet called it on every request.
 */
export const securityHeadersPlugin = fp<{ options: HelmetOptions }>(
  async (app, { options }) => {
    const { set, remove } = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (const [name, value] of set) res.setHeader(name, value);
      for (const name of remove) res.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
