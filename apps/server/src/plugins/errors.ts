import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CODE_BY_STATUS,
  ERROR_CODES,
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
 * One error handler for the whole API: every failure leaves as {code, message, fields?} with
 * the code's status. Nothing about the server's insides (stacks, SQL, paths) is ever sent.
 */
export const errorsPlugin = fp(async (app) => {
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
