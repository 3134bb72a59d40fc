import { PLANS, type PlatformPlan } from '@parapet/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from '@/lib/api-client';
import { endSession } from '@/lib/session';
import { STORED_KEYS, storageKeyOf, writeStored, type StoredData } from '@/lib/stored-data';
import { ADMIN_USER, group, json, renderApp, shellHandlers } from '@/test/render-app';
import { wireUnauthorizedHandler } from './session-wiring';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
  localStorage.clear();
});

const PLATFORM_PLAN: PlatformPlan = {
  currentPlan: 'basic',
  planSpec: Object.values(PLANS).map((p) => ({
    ...p,
    wafActions: [...p.wafActions],
    features: [...p.features],
    packages: [...p.packages],
  })),
};
const LIMITS = { groupName: 'default', plan: PLATFORM_PLAN.planSpec[0], usage: { maxAppProfileCount: 1 } };

/** One value of every spec §3 key, as a signed-in session leaves them. */
function fillEverything(): void {
  const values: StoredData = {
    allGroupNames: ['default'],
    userPref: { selectedGroup: 'default' },
    frontendConfigs: { canBulkCreate: false },
    userSelectedColumns: { eventLog: ['host'], waf: ['ruleName'], cert: ['name'], origin: ['name'], html: ['name'] },
    dashboardFilterOptions: { dateRangeIndex: 4 },
    platformPlan: PLATFORM_PLAN,
    platformPrefs: { hasHomePage: true, landingPagePath: '', groupListWithAll: true },
    userAvatar: '/api/user/avatar?v=1',
    groupResourceLimits: { default: LIMITS as StoredData['groupResourceLimits'][string] },
  };
  for (const key of STORED_KEYS) writeStored(key, values[key] as never);
  localStorage.setItem('parapet.locale', 'zh-CN');
}

const storedKeys = () => STORED_KEYS.filter((key) => localStorage.getItem(storageKeyOf(key)) !== null);

describe('client-side stored data (spec §3)', () => {
  it('is filled from the tenancy calls', async () => {
    renderApp('/user/subscription?groupName=default', {
      ...shellHandlers(ADMIN_USER, [group('default')]),
      'GET /api/system/platformplan': () => json(200, PLATFORM_PLAN),
      'GET /api/group/resource-limits': () => json(200, LIMITS),
    });
    await screen.findByTestId('subscription-plan');
    await waitFor(() =>
      expect(storedKeys()).toEqual([
        'allGroupNames',
        'userPref',
        'platformPlan',
        'platformPrefs',
        'groupResourceLimits',
      ]),
    );
    expect(JSON.parse(localStorage.getItem('parapet.allGroupNames') ?? '')).toEqual(['default']);
    expect(JSON.parse(localStorage.getItem('parapet.groupResourceLimits') ?? '')).toEqual({ default: LIMITS });
  });

  it('is all cleared at sign-out; the language stays', () => {
    fillEverything();
    expect(storedKeys()).toEqual(STORED_KEYS);
    endSession(new QueryClient());
    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem('parapet.locale')).toBe('zh-CN');
  });

  it('is all cleared by a 401 from any call; the language stays', async () => {
    fillEverything();
    wireUnauthorizedHandler(new QueryClient(), {
      navigate: vi.fn(),
      state: { location: { pathname: '/certs', search: '' } },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' })),
    );
    await expect(api.get('/group/resource-limits')).rejects.toMatchObject({ status: 401 });
    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem('parapet.locale')).toBe('zh-CN');
  });

  it('is cleared when the user signs out through /logout', async () => {
    fillEverything();
    let signedIn = true;
    const { router } = renderApp('/logout', {
      ...shellHandlers(ADMIN_USER),
      'GET /api/user/logout': () => ((signedIn = false), json(200, { ok: true })),
      'GET /api/user': () =>
        signedIn ? json(200, ADMIN_USER) : json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem('parapet.locale')).toBe('zh-CN');
  });

  it('is cleared when /login finds the session gone (spec §4: a failed user check clears user data)', async () => {
    fillEverything();
    const { router } = renderApp('/login', {
      ...shellHandlers(ADMIN_USER),
      'GET /api/user': () => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }),
    });
    await screen.findByRole('button', { name: /sign in/i });
    expect(router.state.location.pathname).toBe('/login');
    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem('parapet.locale')).toBe('zh-CN');
  });
});
