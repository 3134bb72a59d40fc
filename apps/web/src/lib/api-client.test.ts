import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  apiRequest,
  dropEarlyGets,
  NETWORK_ERROR,
  setRequestLanguage,
  setUnauthorizedHandler,
  startEarlyGet,
} from './api-client';
import { onOwnDeployed, settleOwnTask } from './own-changes';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
});

describe('apiRequest', () => {
  it('sends JSON with credentials and the CSRF header under /api', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    await expect(api.post('/things', { a: 1 }, { query: { page: 2, skip: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things?page=2');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'parapet', 'content-type': 'application/json' });
  });

  it("sends the console's language, so the server's mails use it", async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    setRequestLanguage('zh-TW');
    await api.post('/user/forgot-password', { email: 'a@b.co' });
    setRequestLanguage(undefined);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'accept-language': 'zh-TW' });
  });

  it('throws an ApiError with the body of a non-2xx answer', async () => {
    stubFetch(() => json(400, { code: 'VALIDATION_FAILED', message: 'Form Error', fields: { name: 'required' } }));
    const error = await apiRequest('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Form Error',
      fields: { name: 'required' },
    });
  });

  it('keeps the names of an IN_USE answer', async () => {
    stubFetch(() => json(409, { code: 'IN_USE', message: 'is used by service', usedBy: ['shop', 'blog'] }));
    const error = await apiRequest('/things/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'IN_USE', usedBy: ['shop', 'blog'] });
  });

  it('derives a code from the status when the body is not ours', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 503 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 503, code: 'STORE_UNAVAILABLE' });
  });

  it('takes the generic code of a status that several codes share', async () => {
    stubFetch(() => new Response('', { status: 401 }));
    await expect(apiRequest('/x', { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    stubFetch(() => new Response('', { status: 403 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('reports an unreachable server as a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });
});

describe('401 handling', () => {
  it('calls the unauthorized handler for a 401 from any call', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }));
    await expect(api.get('/waf-rules')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed sign-in to the login form', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => json(401, { code: 'UNAUTHENTICATED', message: 'Incorrect username or password' }));
    await expect(api.post('/user/login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('lets a caller opt out (the route guards redirect themselves)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }));
    await expect(api.get('/user', { redirectOnUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not treat other errors as a lost session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => json(403, { code: 'FORBIDDEN', message: 'No' }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('what answers carry beyond the code', () => {
  it('gives the details of an error (CERT_NOT_COVERING names the uncovered domains); drops malformed ones', async () => {
    const uncovered = [{ appProfileName: 'shop.line', domains: ['shop.example.com'] }];
    stubFetch(() => json(409, { code: 'CERT_NOT_COVERING', message: 'x', details: { uncovered } }));
    const error = (await api.put('/certs/1', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.details).toEqual({ uncovered });
    stubFetch(() => json(409, { code: 'CERT_NOT_COVERING', message: 'x', details: { uncovered: 'all' } }));
    expect(((await api.put('/certs/1', {}).catch((e: unknown) => e)) as ApiError).details).toBeUndefined();
  });

  it('notes the task a change queued, so its success can be told to this user only', async () => {
    const told = vi.fn();
    const stop = onOwnDeployed(told);
    const event = { groupName: 'acme', entity: 'service-line', entityId: 'line-9', state: 'succeeded' } as const;
    stubFetch(() => json(200, { taskNo: 'task-mine' }));
    await api.get('/service-lines/x');
    settleOwnTask({ ...event, taskNo: 'task-mine' });
    // A read that happens to carry a taskNo is not a change of the user's.
    expect(told).not.toHaveBeenCalled();
    await api.post('/table/rcm-app-profiles/update/index', {});
    settleOwnTask({ ...event, taskNo: 'task-mine' });
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('startEarlyGet', () => {
  it('sends the GET at once; the first call of the path takes its answer, the next asks again', async () => {
    let n = 0;
    const fetchMock = stubFetch(() => json(200, { n: ++n }));
    startEarlyGet('/groups');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/groups');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'x-requested-with': 'parapet' });
    await expect(api.get('/groups')).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/groups')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives its failure to the call that takes it, as that call would have failed', async () => {
    stubFetch(() => json(401, { code: 'UNAUTHORIZED', message: 'no session' }));
    startEarlyGet('/system/prefs');
    await expect(api.get('/system/prefs', { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
  });

  it('is not taken by a call with a query, nor after the session ended', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    startEarlyGet('/groups');
    await api.get('/groups', { query: { page: 2 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    dropEarlyGets();
    await api.get('/groups');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
