import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { withRidBlock, type RidColor, type RidPosition } from '@parapet/shared';

/**
 * The preview's own policy: `sandbox allow-scripts` puts the page in an opaque origin even if
 * it is opened outside the console's frame, so its scripts may run for the author to see but
 * can reach neither the console nor its cookies; only the console may frame it.
 */
export const PREVIEW_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline' data: http: https:",
  'img-src data: http: https:',
  'font-src data: http: https:',
  "frame-ancestors 'self'",
].join('; ');

/** Sends a page as the edge would show it, with a sample request-id block (Case ID, Time Stamp, IP). */
export function sendPreview(
  reply: FastifyReply,
  page: { content: string; ridPosition: RidPosition; ridColor: RidColor },
  clientIp: string,
): FastifyReply {
  const sample = { rid: randomBytes(16).toString('hex'), timestamp: new Date().toISOString(), ip: clientIp };
  return reply
    .header('content-security-policy', PREVIEW_CSP)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(withRidBlock(page.content, page.ridPosition, page.ridColor, sample));
}
