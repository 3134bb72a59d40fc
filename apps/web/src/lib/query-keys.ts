/**
 * First segments of query keys that more than one module needs to know about. Feature query
 * keys start with their area name (['waf-rules', ...]); the user's own data starts with 'user'.
 */
export const USER_QUERY_ROOT_KEY = 'user';
