import { AsyncLocalStorage } from 'node:async_hooks';
import { PLANS } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/entry-server';
import { answerFrom, json, memberOf, shellHandlers, type ApiCall, type ApiHandlers } from '@/test/render-app';

// Its own file: no console is started here, so nothing but the renderer uses the API client while
// the routing is switched on and off (a started console would go on calling through it).

const PAGE = '/home?groupName=alpha';
/** The dashboard's calls answered with no traffic: the renderer draws an empty dashboard. */
const EMPTY_DASHBOARD: ApiHandlers = {
  ...shellHandlers(memberOf({ alpha: { dashboard: { read: true } } })),
  'POST /api/dashboard/series': () => json(200, { from: 0, to: 86_400_000, bucketMs: 600_000, points: [] }),
  'POST /api/dashboard/top': () => json(200, { from: 0, to: 86_400_000, entries: [] }),
  'POST /api/dashboard/activity': () => json(200, { from: 0, to: 86_400_000, rows: [] }),
  'GET /api/group/resource-limits': () => json(200, { groupName: 'alpha', plan: PLANS.basic, usage: {} }),
};

describe('the first-view renderer between renders', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('routes each render’s calls to its own caller, and turns the routing off once none is under way', async () => {
    // On Node 20 the routing's storage, once in use, costs every promise of the server's process.
    const disable = vi.spyOn(AsyncLocalStorage.prototype, 'disable');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowCalls: ApiCall[] = [];
    const fastCalls: ApiCall[] = [];
    const slowAnswer = answerFrom(EMPTY_DASHBOARD, slowCalls);
    const slow = render({
      url: PAGE,
      locale: 'en-US',
      transport: async (url, init) => {
        await held;
        return slowAnswer(url, init);
      },
    });
    const fast = await render({ url: PAGE, locale: 'en-US', transport: answerFrom(EMPTY_DASHBOARD, fastCalls) });
    expect(fast.kind).toBe('page');
    expect(fastCalls.map((c) => c.path)).toContain('/api/dashboard/series');
    expect(disable).not.toHaveBeenCalled();

    release();
    expect((await slow).kind).toBe('page');
    expect(slowCalls.map((c) => c.path).sort()).toEqual(fastCalls.map((c) => c.path).sort());
    expect(disable).toHaveBeenCalledTimes(1);

    // The next render turns it on again, and its calls still reach their caller.
    const nextCalls: ApiCall[] = [];
    const next = await render({ url: PAGE, locale: 'en-US', transport: answerFrom(EMPTY_DASHBOARD, nextCalls) });
    expect(next.kind).toBe('page');
    expect(nextCalls).toHaveLength(fastCalls.length);
    expect(disable).toHaveBeenCalledTimes(2);
  });
});
