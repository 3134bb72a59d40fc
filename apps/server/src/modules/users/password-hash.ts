import type { Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane). The algorithm
 * is the number of the package's const enum (Argon2id = 2), which isolated modules cannot import.
 */
const ARGON2ID = 2;

export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};
