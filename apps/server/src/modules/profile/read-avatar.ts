import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '@parapet/shared';
import { AppError, isAppError } from '../../lib/app-error.js';

/**
 * The bytes of the one file of an avatar upload. A body that is not multipart answers 415; a
 * multipart body the parser cannot read (no boundary, a part cut short, broken part headers)
 * is the client's mistake, 400 MALFORMED_BODY, never a 500.
 */
export async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('VALIDATION_FAILED', { avatar: 'required' });
    return await file.toBuffer();
  } catch (error) {
    if (isAppError(error)) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE');
    // Limits and other refusals of the multipart plugin carry their 4xx; busboy's parse errors carry none.
    if (status && status >= 400 && status < 500) throw error;
    throw new AppError('MALFORMED_BODY');
  }
}
