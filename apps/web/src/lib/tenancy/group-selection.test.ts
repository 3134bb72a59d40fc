import { describe, expect, it } from 'vitest';
import { resolveSelectedGroup, withGroup } from './group-selection';

describe('resolveSelectedGroup (spec §2 Guards)', () => {
  const allowed = ['alpha', 'beta'];
  it.each([
    ['a requested group the user may choose', 'beta', 'alpha', 'beta'],
    ['a requested group the user may not choose keeps the selection', 'gamma', 'beta', 'beta'],
    ['no request keeps the selection', null, 'beta', 'beta'],
    ['no request and no selection: the first allowed group', null, undefined, 'alpha'],
    ['a selection no longer allowed: the first allowed group', null, 'gone', 'alpha'],
    ['an empty request counts as none', '', 'beta', 'beta'],
  ] as const)('%s', (_, requested, current, expected) => {
    expect(resolveSelectedGroup(requested, current, allowed)).toBe(expected);
  });

  it('starts an admin in their first group, not in "all" (which stays choosable)', () => {
    const admin = ['all', 'default', 'acme'];
    expect(resolveSelectedGroup(null, undefined, admin)).toBe('default');
    expect(resolveSelectedGroup('all', 'default', admin)).toBe('all');
    expect(resolveSelectedGroup(null, 'all', admin)).toBe('all');
    expect(resolveSelectedGroup(null, undefined, ['all'])).toBe('all');
  });

  it('has nothing to select for a user without groups', () => {
    expect(resolveSelectedGroup('alpha', 'alpha', [])).toBeUndefined();
  });
});

describe('withGroup', () => {
  it('puts the group in the query, encoded', () => {
    expect(withGroup('/home', 'a b')).toBe('/home?groupName=a+b');
    expect(withGroup('/home', undefined)).toBe('/home');
  });
});
