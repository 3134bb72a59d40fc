import { EVENT_REQ_ID_MAX_LENGTH } from '@parapet/shared';
import { EventQueryError } from './event-store.js';

/**
 * The search's keyset cursor: the (timestamp, req_id) of the last row of a page, as opaque
 * base64url text. Every store pages on these two keys, so every store shares this form.
 */
export interface SearchPosition {
  timestamp: number;
  reqId: string;
}

export function encodeCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify([position.timestamp, position.reqId])).toString('base64url');
}

export function decodeCursor(cursor: string): SearchPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new EventQueryError('invalid cursor');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    !Number.isSafeInteger(parsed[0]) ||
    typeof parsed[1] !== 'string' ||
    parsed[1].length > EVENT_REQ_ID_MAX_LENGTH
  ) {
    throw new EventQueryError('invalid cursor');
  }
  return { timestamp: parsed[0] as number, reqId: parsed[1] };
}
