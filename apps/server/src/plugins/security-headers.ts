import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PREFIX } from '@parapet/shared';
import type { Config } from '../env.js';
import { routedPath } from '../lib/routed-path.js';

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

/**
 * The API's policy: what a JSON answer (or a file the API hands out) needs, as the OWASP REST
 * guidance lists it: nothing may load from it or frame it (`default-src 'none'`, stricter than
 * the console's), no MIME sniffing, no reads from other sites' pages (CORP), no referrer, HSTS
 * over https. Helmet's other headers steer how a browser treats a document it shows (opener
 * isolation, origin-keyed agent clusters, DNS prefetch of its links, the legacy XSS filter,
 * Adobe and IE8 clients); an answer to fetch() is never shown as one. Sending them anyway cost
 * a third of a small call's server time (docs/api-bench.md). X-Frame-Options stays SAMEORIGIN
 * for the HTML preview, a document the console frames, which sets its own sandboxed CSP.
 */
export function apiHelmetOptions(config: Pick<Config, 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
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

/** Whether a request is an API call: by the route it matched, or by its path when none did. */
const isApiCall = (request: FastifyRequest): boolean =>
  (routedPath(request) ?? request.url).startsWith(`${API_PREFIX}/`);

/**
 * Helmet's headers on every response, as @fastify/helmet put them (raw headers set when the
 * request comes in, so a route's own header, such as the HTML preview's CSP, replaces it), but
 * worked out once at start: helmet builds its middleware, parsing every CSP directive again,
 * each time it is called, and @fastify/helmet called it on every request. The console's pages
 * and files get the console's policy, API calls the API's.
 */
export const securityHeadersPlugin = fp<{ console: HelmetOptions; api: HelmetOptions }>(
  async (app, options) => {
    const page = helmetHeaders(options.console);
    const api = helmetHeaders(options.api);
    app.addHook('onRequest', (request, reply, done) => {
      const { set, remove } = isApiCall(request) ? api : page;
      const res = reply.raw;
      for (const [name, value] of set) res.setHeader(name, value);
      for (const name of remove) res.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
