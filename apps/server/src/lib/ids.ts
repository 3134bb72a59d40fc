import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Row ids are UUIDs, so both stores and several servers can make them without coordination. */
export const newId = (): string => randomUUID();

/** A bearer secret of 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
