import fp from 'fastify-plugin';
import { API_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE, USER_API } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that still change state (spec §7 fixes sign-out as a GET). */
const UNSAFE_GETS = new Set([`${API_PREFIX}${USER_API.logout}`]);

/**
 * Cross-site request defence beside the SameSite cookie: every state-changing API call must
 * carry the console's custom header. A page on another site cannot add it without a CORS
 * preflight, which this server never grants.
 */
export const csrfPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const path = request.url.split('?')[0] ?? '';
    if (SAFE_METHODS.has(request.method) && !UNSAFE_GETS.has(path)) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw new AppError('CSRF_REJECTED');
  });
});
