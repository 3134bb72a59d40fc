import type { TaskUpdatedEvent } from '@parapet/shared';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  certKeys,
  htmlPageKeys,
  originPolicyKeys,
  resourceLimitsKey,
  serviceLineKeys,
  USER_QUERY_ROOT_KEY,
} from './query-keys';
import { socketHandlers } from './socket';

// A real QueryClient with every query on screen (an observer each), so an invalidation is a
// refetch and the fetches can be counted per query.

const page = (groupName: string) => ({ groupName, search: '', page: 1, pageSize: 10, filters: {} });
const QUERIES = {
  user: [USER_QUERY_ROOT_KEY, 'current'],
  shopLine: serviceLineKeys.line('acme', 'shop.example.com'),
  blogLine: serviceLineKeys.line('acme', 'blog.example.com'),
  shopDomains: serviceLineKeys.domains('acme', 'line-shop'),
  blogDomains: serviceLineKeys.domains('acme', 'line-blog'),
  acmeLines: serviceLineKeys.list(page('acme')),
  otherLines: serviceLineKeys.list(page('other')),
  otherLine: serviceLineKeys.line('other', 'shop.example.com'),
  acmeUsage: resourceLimitsKey('acme'),
  acmeCerts: certKeys.list(page('acme')),
  acmeCertNames: certKeys.names('acme'),
  otherCerts: certKeys.list(page('other')),
  acmePages: htmlPageKeys.list(page('acme')),
  acmePolicies: originPolicyKeys.list(page('acme')),
  acmePolicyNames: originPolicyKeys.names('acme'),
  otherPolicies: originPolicyKeys.list(page('other')),
} satisfies Record<string, QueryKey>;
type Name = keyof typeof QUERIES;
/** What each query answers: the lines carry their id, as the server's answer does. */
const DATA: Partial<Record<Name, unknown>> = {
  shopLine: { id: 'line-shop' },
  blogLine: { id: 'line-blog' },
  otherLine: { id: 'line-other' },
};

let queryClient: QueryClient;
let fetches: Record<Name, number>;
let unsubscribe: (() => void)[];

beforeEach(async () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  fetches = Object.fromEntries(Object.keys(QUERIES).map((name) => [name, 0])) as Record<Name, number>;
  unsubscribe = (Object.entries(QUERIES) as [Name, QueryKey][]).map(([name, queryKey]) =>
    new QueryObserver(queryClient, {
      queryKey,
      queryFn: async () => {
        fetches[name] += 1;
        return DATA[name] ?? name;
      },
    }).subscribe(() => undefined),
  );
  await waitIdle();
  for (const name of Object.keys(fetches) as Name[]) fetches[name] = 0;
});

afterEach(() => {
  for (const stop of unsubscribe) stop();
  queryClient.clear();
});

async function waitIdle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The queries refetched by one event, by name. */
async function refetchedBy(send: () => void): Promise<Name[]> {
  send();
  await waitIdle();
  return (Object.keys(fetches) as Name[]).filter((name) => fetches[name] > 0);
}

const task = (event: Partial<TaskUpdatedEvent>): TaskUpdatedEvent => ({
  taskNo: 't-1',
  groupName: 'acme',
  entity: 'service-line',
  entityId: 'line-shop',
  state: 'succeeded',
  ...event,
});

describe('socket events refetch only the entity they name', () => {
  it("a line's finished task: that line, its domains, its group's lines and usage, once each", async () => {
    const handlers = socketHandlers(queryClient);
    expect(await refetchedBy(() => handlers['task.updated'](task({})))).toEqual([
      'shopLine',
      'shopDomains',
      'acmeLines',
      'acmeUsage',
    ]);
    expect(fetches.shopLine).toBe(1);
  });

  it('a failed task refreshes as well (the line shows the failure)', async () => {
    const handlers = socketHandlers(queryClient);
    expect(
      await refetchedBy(() => handlers['task.updated'](task({ state: 'failed', error: 'nginx -t failed' }))),
    ).toContain('shopLine');
  });

  it('a task queued or running changes nothing shown, so it refetches nothing', async () => {
    const handlers = socketHandlers(queryClient);
    expect(await refetchedBy(() => handlers['task.updated'](task({ state: 'running' })))).toEqual([]);
    expect(await refetchedBy(() => handlers['task.updated'](task({ state: 'queued' })))).toEqual([]);
  });

  it("a certificate's task: the group's certificate lists and names, nothing of another group", async () => {
    const handlers = socketHandlers(queryClient);
    expect(await refetchedBy(() => handlers['task.updated'](task({ entity: 'cert', entityId: 'cert-1' })))).toEqual([
      'acmeCerts',
      'acmeCertNames',
    ]);
  });

  it("a page's and a policy's task: their group's lists", async () => {
    const handlers = socketHandlers(queryClient);
    expect(await refetchedBy(() => handlers['task.updated'](task({ entity: 'html-page', entityId: 'p-1' })))).toEqual([
      'acmePages',
    ]);
    for (const name of Object.keys(fetches) as Name[]) fetches[name] = 0;
    expect(
      await refetchedBy(() => handlers['task.updated'](task({ entity: 'origin-policy', entityId: 'op-1' }))),
    ).toEqual(['acmePolicies', 'acmePolicyNames']);
  });

  it("an origin's health: the policy lists of its group, not the names a select offers", async () => {
    const handlers = socketHandlers(queryClient);
    const event = {
      groupName: 'acme',
      policyId: 'op-1',
      address: '10.0.0.1',
      health: 'unhealthy' as const,
      checkedAt: 1,
    };
    expect(await refetchedBy(() => handlers['origin.health'](event))).toEqual(['acmePolicies']);
  });
});

describe('a socket that connects or reconnects', () => {
  it('refetches everything an event could have changed while it was away, and not the user', async () => {
    const handlers = socketHandlers(queryClient);
    const refetched = await refetchedBy(() => handlers.connect());
    expect(refetched).toEqual((Object.keys(QUERIES) as Name[]).filter((name) => name !== 'user'));
  });
});
