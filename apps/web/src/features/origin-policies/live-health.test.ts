import { QueryClient } from '@tanstack/react-query';
import type { OriginHealthEvent } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { originPoliciesQueryOptions } from './api/list-origin-policies';

// lib/socket.ts answers 'origin.health'; this checks it against this feature's real query keys.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    disconnect: vi.fn(),
  }),
}));

afterEach(() => {
  disconnectSocket();
  handlers.clear();
});

describe('live origin health', () => {
  it('makes the origin-policy lists stale on origin.health, and nothing else', () => {
    const queryClient = new QueryClient();
    const list = originPoliciesQueryOptions({
      groupName: 'acme',
      search: '',
      page: 1,
      pageSize: 10,
      filters: {},
    }).queryKey;
    queryClient.setQueryData(list, { items: [], total: 0 });
    queryClient.setQueryData(['certs', { groupName: 'acme' }], { items: [], total: 0 });
    queryClient.setQueryData(['user'], { username: 'ada' });
    connectSocket(queryClient);

    const event: OriginHealthEvent = {
      groupName: 'acme',
      policyId: 'p1',
      address: '10.0.0.1',
      health: 'unhealthy',
      checkedAt: 1,
    };
    handlers.get('origin.health')?.(event);

    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['certs', { groupName: 'acme' }])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(false);
  });
});
