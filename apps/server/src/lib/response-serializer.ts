import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isFixedAnswer } from './fixed-answers.js';

/**
 * Answers are checked against their route's response schema and stripped of any key it does
 * not name, as fastify-type-provider-zod's own serializer does, but with zod's parse instead of
 * its encode. Encoding runs every schema twice (a pass without checks, then one with them) and
 * skips zod's compiled object parser; it only differs from parsing for codecs and transforms,
 * which no response schema has (their direction matters for inputs). The one difference left:
 * a field the server leaves out but the schema gives a default is filled in rather than refused.
 *
 * An answer that cannot change (lib/fixed-answers.ts) is checked and written once for each
 * schema, and its text handed out again while it lives: GET /api/user answers the session's
 * user, the same object until the store changes.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema: given, method, url }) => {
  const schema = resolveSchema(given);
  const written = new WeakMap<object, string>();
  return (data) => {
    const fixed = isFixedAnswer(data);
    if (fixed) {
      const text = written.get(data);
      if (text !== undefined) return text;
    }
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const text = JSON.stringify(result.data);
    if (fixed) written.set(data, text);
    return text;
  };
};

function resolveSchema(given: unknown): z.core.$ZodType {
  if (given instanceof z.core.$ZodType) return given;
  const properties = (given as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.core.$ZodType) return properties;
  throw new Error(`A response schema that is not a zod schema: ${JSON.stringify(given)}`);
}
