import type { FastifyRequest } from 'fastify';

/**
 * The path pattern of the route a request was matched to (`/api/tasks/:taskNo`), or undefined
 * when none matched. Hooks that decide by path use this rather than `request.url`: the router
 * percent-decodes the path before matching, so the raw URL can spell a route in ways a string
 * comparison does not see.
 */
export function routedPath(request: FastifyRequest): string | undefined {
  // A request no route matched goes to the not-found handler, which has no url of its own.
  return request.is404 ? undefined : request.routeOptions.url;
}
