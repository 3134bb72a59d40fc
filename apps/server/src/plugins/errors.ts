import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  CODE_BY_STATUS,
  ERROR_CODES,
  errorBodySchema,
  FIELD_ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetails,
  type FieldErrorCode,
} from '@parapet/shared';
import { isAppError } from '../lib/app-error.js';

export function errorBody(
  code: ErrorCode,
  fields?: Record<string, string>,
  usedBy?: string[],
  details?: ErrorDetails,
): ErrorBody {
  return {
    code,
    message: ERROR_CODES[code].message,
    ...(fields ? { fields } : {}),
    ...(usedBy ? { usedBy } : {}),
    ...(details ? { details } : {}),
  };
}

/** Turns zod issues into {"a.b": "code"}, one entry per bad field (STYLE.md habit 3). */
function fieldsOf(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of error.validation ?? []) {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    let code = item.keyword;
    // zod reports a missing field as a type error whose received value is undefined.
    if (code === 'invalid_type' && /received undefined/.test(item.message ?? '')) code = 'required';
    // Our refinements carry their field code as the message (e.g. 'mismatch', 'same_as_old').
    if (code === 'custom' && item.message && FIELD_ERROR_CODES.includes(item.message as FieldErrorCode))
      code = item.message;
    if (code === 'unrecognized_keys') {
      const keys = (item.params as { keys?: string[] }).keys ?? [];
      for (const key of keys) fields[path === '_' ? key : `${path}.${key}`] ??= 'unknown_key';
      continue;
    }
    fields[path] ??= code;
  }
  return fields;
}

/**
 * The router's own refusals, made before any route (and its error handler) is chosen: a path
 * whose percent-encoding is broken, a parameter past the router's length limit. They leave in
 * our shape too, never as Fastify's `{error, code: "FST_...", message: <the path>}`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const code = error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : (CODE_BY_STATUS[status] ?? 'MALFORMED_URL');
  void reply.status(ERROR_CODES[code].status).send(errorBody(code));
}

/** Methods whose requests carry a body Fastify reads: too large is 413, another media type 415. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One error handler for the whole API: every failure leaves as {code, message, fields?} with
 * the code's status. Nothing about the server's insides (stacks, SQL, paths) is ever sent.
 */
export const errorsPlugin = fp(async (app) => {
  // Fastify's own refusals are part of every API route's answers, so the document lists them:
  // 400 for a malformed path, query or body, 413 and 415 for a body too large or of another type.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || !route.schema || route.schema.hide) return;
    const methods = [route.method].flat();
    const refusals: Record<number, typeof errorBodySchema> = {};
    const { params, querystring, body } = route.schema;
    if (params || querystring || body || route.url.includes(':')) refusals[400] = errorBodySchema;
    if (methods.some((method) => BODY_METHODS.has(method)))
      Object.assign(refusals, { 413: errorBodySchema, 415: errorBodySchema });
    route.schema.response = { ...refusals, ...(route.schema.response as object | undefined) };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, error.code);
      return reply.status(error.status).send(errorBody(error.code, error.fields, error.usedBy, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody('VALIDATION_FAILED', fieldsOf(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, message: error.message }, 'client error');
      return reply.status(status).send(errorBody(CODE_BY_STATUS[status] ?? 'MALFORMED_BODY'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
});
