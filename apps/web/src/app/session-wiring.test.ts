import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/session';
import { wireUnauthorizedHandler } from './session-wiring';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
  localStorage.clear();
});

describe('wireUnauthorizedHandler', () => {
  it('on a 401 clears the cached user and stored user data, keeps the language, and goes to /login, to return after sign-in', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQueryKey, { username: 'ada' });
    queryClient.setQueryData(['waf-rules', 'list'], []);
    localStorage.setItem('parapet.userPref', '{}');
    localStorage.setItem('parapet.locale', 'zh-TW');
    const router = {
      navigate: vi.fn(),
      state: { location: { pathname: '/firewall_rules', search: '?groupName=alpha' } },
    };
    wireUnauthorizedHandler(queryClient, router);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"UNAUTHENTICATED","message":"x"}', { status: 401 })),
    );
    await expect(api.get('/waf-rules')).rejects.toMatchObject({ status: 401 });

    expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
    expect(queryClient.getQueryData(['waf-rules', 'list'])).toBeUndefined();
    expect(localStorage.getItem('parapet.userPref')).toBeNull();
    expect(localStorage.getItem('parapet.locale')).toBe('zh-TW');
    expect(router.navigate).toHaveBeenCalledWith('/login?redirect=%2Ffirewall_rules%3FgroupName%3Dalpha', {
      replace: true,
    });
  });

  it('does not navigate again when already on /login', async () => {
    const queryClient = new QueryClient();
    const router = { navigate: vi.fn(), state: { location: { pathname: '/login', search: '' } } };
    wireUnauthorizedHandler(queryClient, router);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    await expect(api.get('/anything')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
