import {
  API_PREFIX,
  CODE_BY_STATUS,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ERROR_CODES,
  isErrorCode,
  USER_API,
  type ErrorCode,
  type ErrorDetails,
  type FirstViewTransport,
} from '@parapet/shared';
import { noteOwnChange } from './own-changes';

// CSRF_HEADER goes on every call. Browsers never let another site set a custom header on a
// credentialed cross-origin request without a CORS preflight, so the server can refuse
// mutations lacking it.

/** A 401 from sign-in means "wrong credentials", not "session gone" (spec §8). */
const LOGIN_PATH = USER_API.login;

/** The request never got an answer (offline, server down); not a code the server sends. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR;

/** A non-2xx answer, carrying the `{code, message, fields}` body of ARCHITECTURE §4. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** IN_USE: the names of what uses the entity (spec §5 "is used by service"). */
  readonly usedBy: string[] | undefined;
  /** What names the items at fault: CERT_NOT_COVERING's uncovered domains, a field's quoted values. */
  readonly details: ErrorDetails | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    usedBy?: string[],
    details?: ErrorDetails,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.usedBy = usedBy;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain data is sent as JSON; FormData goes as multipart (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** False for callers that handle a missing session themselves (the route guards). */
  redirectOnUnauthorized?: boolean;
}

let unauthorizedHandler: (() => void) | undefined;
let requestLanguage: string | undefined;

/** How a call reaches the server: the browser's fetch, or the server's own router when it renders a page (entry-server.tsx). */
let transport: FirstViewTransport = (url, init) => fetch(url, init);

/** The server's page renderer answers the calls of the screen it renders without leaving its process. */
export function setApiTransport(next: FirstViewTransport): void {
  transport = next;
}

/** The app decides what "session gone" does (clear user data, go to login); lib stays UI-free. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

/**
 * The console's language, sent as Accept-Language so what the server writes for the user (the
 * mails of sign-up and resets) is in the language chosen here, not the browser's.
 */
export function setRequestLanguage(language: string | undefined): void {
  requestLanguage = language;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
  if (requestLanguage) headers['accept-language'] = requestLanguage;
  return headers;
}

/** How long an early answer waits to be taken; later, a call asks the server again. */
const EARLY_FOR_MS = 10_000;
const early = new Map<string, { at: number; response: Promise<Response> }>();

/**
 * Sends `GET path` now, before any code that will ask for it has loaded; the first GET of that
 * path (no query) within 10 s takes this answer instead of asking again. main.tsx starts the
 * signed-in frame's lookups this way, so they travel beside its code (docs/web-bench.md).
 */
export function startEarlyGet(path: string): void {
  if (early.has(path)) return;
  const response = fetch(apiUrl(path), { headers: requestHeaders(), credentials: 'include' });
  // A failed early request is not reported here: the call that takes it sees the failure.
  response.catch(() => undefined);
  early.set(path, { at: Date.now(), response });
}

/** Forgets the early answers: they were asked for with a session that has ended (session.ts). */
export function dropEarlyGets(): void {
  early.clear();
}

function takeEarly(path: string, method: string, options: RequestOptions): Promise<Response> | undefined {
  const found = method === 'GET' && !options.query ? early.get(path) : undefined;
  if (!found) return undefined;
  early.delete(path);
  return Date.now() - found.at <= EARLY_FOR_MS ? found.response : undefined;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = requestHeaders();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await (takeEarly(path, method, options) ??
      transport(apiUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
  }

  const data = await readBody(response);
  if (response.ok) {
    if (method !== 'GET') noteOwnChange(data);
    return data as T;
  }

  const apiError = await toApiError(response.status, data);
  const isLogin = method === 'POST' && path === LOGIN_PATH;
  if (response.status === 401 && !isLogin && options.redirectOnUnauthorized !== false) unauthorizedHandler?.();
  throw apiError;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An error's details checked against the shared contract; zod loads with the first error that has some. */
async function parseDetails(details: unknown): Promise<ErrorDetails | undefined> {
  if (details === undefined) return undefined;
  const { errorDetailsSchema } = await import('./contracts');
  const parsed = errorDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data : undefined;
}

async function toApiError(status: number, data: unknown): Promise<ApiError> {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
    usedBy?: unknown;
    details?: unknown;
  };
  // A proxy or an older server may answer without our body; fall back to the code of the status.
  const code: ErrorCode = isErrorCode(body.code) ? body.code : (CODE_BY_STATUS[status] ?? 'INTERNAL');
  const message = typeof body.message === 'string' ? body.message : ERROR_CODES[code].message;
  const fields =
    typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;
  const usedBy = Array.isArray(body.usedBy) ? body.usedBy.filter((n): n is string => typeof n === 'string') : undefined;
  // Details only help name things; a malformed one is dropped rather than failing the error.
  return new ApiError(status, code, message, fields, usedBy, await parseDetails(body.details));
}

/** Short forms for the feature api files. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Fills a route template's `:name` segments, encoded: ('/groups/:groupName', {groupName: 'a b'}) → '/groups/a%20b'. */
export function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathOf: no value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
}
