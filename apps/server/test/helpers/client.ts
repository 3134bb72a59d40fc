import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@parapet/shared';

/**
 * A browser-like caller of the API: keeps the session cookie it is given, and sends the
 * console's CSRF header as the console does.
 */
export class ApiClient {
  cookie: string | undefined;
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...this.headers,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...extra,
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) this.cookie = set.value ? `${SESSION_COOKIE}=${set.value}` : undefined;
    return res;
  }

  get = (url: string) => this.call('GET', url);
  post = (url: string, payload?: unknown) => this.call('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.call('PUT', url, payload ?? {});
  delete = (url: string) => this.call('DELETE', url);
}
