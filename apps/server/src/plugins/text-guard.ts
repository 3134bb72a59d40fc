import fp from 'fastify-plugin';
import { hasIllegalCharacters } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';

/** Paths of every string (and object key) holding a NUL byte or a lone surrogate. */
function illegalPaths(value: unknown, path: string, out: Record<string, string>): void {
  if (typeof value === 'string') {
    if (hasIllegalCharacters(value)) out[path || '_'] = 'illegal_characters';
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => illegalPaths(item, path ? `${path}.${i}` : String(i), out));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasIllegalCharacters(key)) out[at] = 'illegal_characters';
      illegalPaths(item, at, out);
    }
  }
}

/**
 * The shared string schema (text()) refuses NUL bytes and lone surrogates wherever a route
 * declares its input. This hook, after validation, holds the same line for input no schema
 * saw: a route's undeclared path or query parameters, or a body typed as "anything". Such a
 * string would make PostgreSQL fail (500) or be stored in a form nothing can read back.
 */
export const textGuardPlugin = fp(async (app) => {
  app.addHook('preHandler', async (request) => {
    const fields: Record<string, string> = {};
    illegalPaths(request.params, '', fields);
    illegalPaths(request.query, '', fields);
    illegalPaths(request.body, '', fields);
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  });
});
