/** Where the API lives and how the console talks to it. */
export const API_PREFIX = '/api';
/** Session cookie name; HttpOnly, so only the server reads it. */
export const SESSION_COOKIE = 'parapet_sid';
/** Request id header, set on every answer and accepted from a trusted proxy. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Largest JSON body the API accepts, in bytes. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Deepest nesting of arrays and objects the API reads in a body; no call's input comes near it. */
export const JSON_MAX_DEPTH = 64;

/**
 * Paths of the tenancy calls, under API_PREFIX. Here, apart from the groups' schemas, so the
 * console's entry can ask for the groups early without loading zod.
 */
export const GROUP_API = {
  groups: '/groups',
  group: '/groups/:groupName',
  members: '/groups/:groupName/members',
  member: '/groups/:groupName/members/:username',
  resourceLimits: '/group/resource-limits',
  platformPlan: '/system/platformplan',
  platformPrefs: '/system/prefs',
  users: '/admin/users',
  userDisabled: '/admin/users/:username/disabled',
  audit: '/audit',
} as const;
