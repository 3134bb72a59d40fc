import { EVENT_URI_MAX_LENGTH, storedEventSchema, WAF_ENTRY_MAX_LENGTH } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { readRuleDraft } from '@/lib/rule-draft';
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

  it('drafts a path longer than a rule entry as its longest prefix that fits, which the rule form reads', () => {
    const uri = `/search/${'a.'.repeat(EVENT_URI_MAX_LENGTH)}`.slice(0, EVENT_URI_MAX_LENGTH);
    const draft = ruleDraftOf(event(uri), 'd');
    const [entry] = draft.wafUri ?? [];
    expect(entry?.length).toBeLessThanOrEqual(WAF_ENTRY_MAX_LENGTH);
    expect(entry).toMatch(/^\^\/search\/(a\\\.)+a?$/);
    expect(new RegExp(entry!).test(uri)).toBe(true);
    // Before, the draft failed the form's schema and the form opened with nothing in it.
    expect(readRuleDraft({ ruleDraft: draft })).toMatchObject(draft);
  });
});
