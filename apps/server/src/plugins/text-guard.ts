import fp from 'fastify-plugin';
import { JSON_MAX_DEPTH, hasIllegalCharacters } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';

/**
 * Paths of every string (and object key) holding a NUL byte or a lone surrogate. Walked with
 * a list rather than recursion: a body nested thousands deep must be refused, not overflow the
 * stack (a 500).
 */
function illegalPaths(root: unknown, out: Record<string, string>): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (hasIllegalCharacters(value)) out[path || '_'] = 'illegal_characters';
      continue;
    }
    if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= JSON_MAX_DEPTH) throw new AppError('MALFORMED_BODY');
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(value) && hasIllegalCharacters(key)) out[at] = 'illegal_characters';
      pending.push({ value: item, path: at, depth: depth + 1 });
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
  // A callback hook (it never waits); a request with no parameters, query or body, most reads,
  // has nothing to walk.
  app.addHook('preHandler', (request, _reply, done) => {
    const { params, query, body } = request;
    if (isEmpty(params) && isEmpty(query) && isEmpty(body)) return done();
    const fields: Record<string, string> = {};
    try {
      illegalPaths(params, fields);
      illegalPaths(query, fields);
      illegalPaths(body, fields);
    } catch (error) {
      return done(error as Error);
    }
    done(Object.keys(fields).length ? new AppError('VALIDATION_FAILED', fields) : undefined);
  });
});

/**
 * Nothing for `illegalPaths` to walk: absent, or an object without an own enumerable key (what
 * Fastify hands a route without path parameters or query), where a walk would find nothing.
 */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
