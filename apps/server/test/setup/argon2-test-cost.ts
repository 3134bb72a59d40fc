import type * as Argon2 from '@node-rs/argon2';
import { vi } from 'vitest';

/**
 * Vitest setup file: in-process tests hash passwords with argon2id at a test-only cost (1 MiB,
 * 1 pass) instead of the production 19 MiB and 2 passes. Every sign-up, sign-in, reset and
 * unknown-user check still runs the real argon2id of @node-rs/argon2, salted, and verifies
 * against the stored PHC string; only the cost parameters differ. Each hash at production cost
 * took about 0.35 s on two busy cores, and the suite makes hundreds of them.
 * `src/modules/auth/passwords.test.ts` unmocks the library and checks the production cost.
 * Servers the tests start as processes (test/durability, test/cluster) hash at production cost.
 */
const { TEST_ARGON2_COST } = vi.hoisted(() => ({ TEST_ARGON2_COST: { memoryCost: 1024, timeCost: 1 } }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (password: string | Uint8Array, options?: Argon2.Options, signal?: AbortSignal) =>
      real.hash(password, { ...options, ...TEST_ARGON2_COST }, signal),
  };
});
