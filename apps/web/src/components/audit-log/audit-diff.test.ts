import { describe, expect, it } from 'vitest';
import { diffAudit, flattenValues } from './audit-diff';

describe('diffAudit', () => {
  it('names the leaves that changed, were added or removed, and leaves equal fields out', () => {
    const before = {
      name: 'acme',
      plan: 'basic',
      memberCount: 2,
      rolePermissions: { certificates: { read: true, write: false } },
      tags: ['a'],
    };
    const after = {
      name: 'acme',
      plan: 'pro',
      rolePermissions: { certificates: { read: true, write: true }, eventLogs: { read: true } },
      tags: ['a', 'b'],
    };
    expect(diffAudit(before, after)).toEqual([
      { field: 'memberCount', kind: 'removed', before: 2 },
      { field: 'plan', kind: 'changed', before: 'basic', after: 'pro' },
      { field: 'rolePermissions.certificates.write', kind: 'changed', before: false, after: true },
      { field: 'rolePermissions.eventLogs.read', kind: 'added', after: true },
      { field: 'tags', kind: 'changed', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('makes every field of a create added and of a delete removed', () => {
    expect(diffAudit(null, { name: 'acme', plan: 'basic' })).toEqual([
      { field: 'name', kind: 'added', after: 'acme' },
      { field: 'plan', kind: 'added', after: 'basic' },
    ]);
    expect(diffAudit({ name: 'acme' }, null)).toEqual([{ field: 'name', kind: 'removed', before: 'acme' }]);
  });

  it('treats a value turning null or an object as a change of that field', () => {
    expect(diffAudit({ phone: '1' }, { phone: null })).toEqual([
      { field: 'phone', kind: 'changed', before: '1', after: null },
    ]);
    expect(diffAudit({ x: {} }, { x: {} })).toEqual([]);
  });
});

describe('flattenValues', () => {
  it('flattens nested objects only', () => {
    expect([...flattenValues({ a: { b: { c: 1 } }, d: [1, 2], e: {} })]).toEqual([
      ['a.b.c', 1],
      ['d', [1, 2]],
      ['e', {}],
    ]);
  });
});
