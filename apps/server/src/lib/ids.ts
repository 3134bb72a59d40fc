import { hash, randomBytes, randomUUID } from 'node:crypto';

/** Row ids are UUIDs, so both stores and several servers can make them without coordination. */
export const newId = (): string => randomUUID();

/** A bearer secret of 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. The one-shot
 * `hash` rather than a Hash object: every request with a session hashes its cookie, and the
 * object costs about three times as much for the same digest.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
