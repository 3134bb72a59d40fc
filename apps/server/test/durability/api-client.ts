/** The console's API as the admin: the session cookie and the console's CSRF header. */
export interface ApiClient {
  base: string;
  headers: Record<string, string>;
  /** Any answer; throws only when no answer came (the server was killed mid-call). */
  send(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  /** A 2xx answer's body; anything else throws. */
  call<T>(method: string, url: string, body?: unknown): Promise<T>;
}

export async function signIn(base: string, username: string, password: string): Promise<ApiClient> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'parapet' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'parapet' };
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? { cookie, 'x-requested-with': 'parapet' } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    base,
    headers,
    send,
    async call<T>(method: string, url: string, body?: unknown) {
      const res = await send(method, url, body);
      if (res.status < 200 || res.status > 299)
        throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as T;
    },
  };
}
