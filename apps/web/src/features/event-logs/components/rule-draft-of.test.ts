import { storedEventSchema } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { ruleDraftOf } from './rule-draft-of';

const event = (uri: string) =>
  storedEventSchema.parse({
    req_id: 'r1',
    timestamp: 1,
    server_name: 'shop.example.com',
    client_ip: '2001:db8::7',
    status: 403,
    uri,
    group_name: 'acme',
    customer_package: 'standard',
  });

describe('ruleDraftOf', () => {
  it('drafts the client address and the exact path, its regex characters escaped', () => {
    expect(ruleDraftOf(event('/a.php?(x)+[y]'), 'from r1')).toEqual({
      wafIp: ['2001:db8::7'],
      wafUri: ['^/a\\.php\\?\\(x\\)\\+\\[y\\]$'],
      description: 'from r1',
    });
  });

  it('leaves the path out for the root', () => {
    expect(ruleDraftOf(event('/'), 'd').wafUri).toEqual([]);
  });
});
