/** Where the API lives and how the console talks to it. */
export const API_PREFIX = '/api';
/** Session cookie name; HttpOnly, so only the server reads it. */
export const SESSION_COOKIE = 'parapet_sid';
/** Request id header, set on every answer and accepted from a trusted proxy. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Largest JSON body the API accepts, in bytes. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
