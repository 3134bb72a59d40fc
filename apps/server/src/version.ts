/** Reported by /api/health and the OpenAPI document; bumped with each release. */
export const SERVER_VERSION = '0.1.0';
