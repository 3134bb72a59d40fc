import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.js';

// The other tests hash at a test-only cost (test/setup/argon2-test-cost.ts); this one checks
// the cost production uses, with the library as it is.
vi.unmock('@node-rs/argon2');

describe('password hashing at production cost', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane, and verifies only the same password', async () => {
    const stored = await hashPassword('Blue-Harbor-42-Lantern');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(stored, 'Blue-Harbor-42-Lantern')).toBe(true);
    expect(await verifyPassword(stored, 'blue-harbor-42-lantern')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Blue-Harbor-42-Lantern')).toBe(false);
    expect(await verifyNothing('Blue-Harbor-42-Lantern')).toBe(false);
  });
});
