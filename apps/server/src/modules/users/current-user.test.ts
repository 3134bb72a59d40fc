import { describe, expect, it } from 'vitest';
import { isFixedAnswer } from '../../lib/fixed-answers.js';
import { toCurrentUser, type CurrentUserRow } from './current-user.js';

const row = (group: string | null, permissions = '{"dashboard":{"read":true}}'): CurrentUserRow => ({
  username: 'ann',
  email: 'ann@example.com',
  privilege: 'user',
  phone_number: null,
  otp_enabled: 0,
  has_avatar: 0,
  group_name: group,
  role_permissions: group === null ? null : permissions,
});

/** Rows as db/kept-reads.ts hands them out: frozen, shared by every request until the store changes. */
const kept = (rows: CurrentUserRow[]) => Object.freeze(rows.map((r) => Object.freeze(r)));

describe('the current user out of its rows', () => {
  it('is made anew from rows read for this request alone', () => {
    const rows = [row('g1'), row('g2')];
    const user = toCurrentUser(rows);
    expect(user?.inGroupsRole.map((g) => g.groupName)).toEqual(['g1', 'g2']);
    expect(toCurrentUser(rows)).not.toBe(user);
    expect(isFixedAnswer(user)).toBe(false);
    expect(toCurrentUser([])).toBeUndefined();
  });

  it('is one frozen answer for the same kept rows, and a new one for new rows', () => {
    const rows = kept([row('g1')]);
    const user = toCurrentUser(rows);
    expect(toCurrentUser(rows)).toBe(user);
    expect(isFixedAnswer(user)).toBe(true);
    expect(Object.isFrozen(user?.inGroupsRole)).toBe(true);
    // The store changed (a member removed, say): its rows are read again, and tell the new truth.
    const changed = toCurrentUser(kept([row(null)]));
    expect(changed).not.toBe(user);
    expect(changed?.inGroupsRole).toEqual([]);
    expect(toCurrentUser(kept([]))).toBeUndefined();
  });
});
