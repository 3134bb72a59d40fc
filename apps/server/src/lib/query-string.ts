import { parse } from 'node:querystring';

/**
 * Reads a query string as Fastify's default does, except that an empty value (`?createdTo=`)
 * means the parameter was not given. Left in, a number parameter would read it as 0 (zod's
 * coercion is `Number("")`): `createdTo=` filtered out every item instead of none.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const query = parse(text) as Record<string, string | string[]>;
  for (const [key, value] of Object.entries(query)) {
    const kept = Array.isArray(value) ? value.filter((v) => v !== '') : value;
    if (kept === '' || (Array.isArray(kept) && kept.length === 0)) delete query[key];
    else query[key] = Array.isArray(kept) && kept.length === 1 ? kept[0]! : kept;
  }
  return query;
}
