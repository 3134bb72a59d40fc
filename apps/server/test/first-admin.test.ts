import { afterEach, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { ensureFirstAdmin } from '../src/modules/users/first-admin.js';
import { findUserByUsername } from '../src/modules/users/users.repository.js';
import { openTestStore, storeKinds, type TestStore } from './helpers/stores.js';

/** A logger that keeps what it was told, to check what reaches the log. */
function recordingLogger(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const keep = (obj: unknown, msg?: string) => lines.push(`${msg ?? ''} ${JSON.stringify(obj)}`);
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe.each(storeKinds)('the first admin on %s', (kind) => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  it('is made from ADMIN_USERNAME and ADMIN_PASSWORD, hashed with argon2id, once', async () => {
    s = await openTestStore(kind);
    const { log, lines } = recordingLogger();
    const settings = { username: 'root', password: 'correct horse battery', email: 'root@example.test' };
    expect(await ensureFirstAdmin(s.store.db, settings, log)).toBe(true);
    const user = await findUserByUsername(s.store.db, 'root');
    expect(user?.privilege).toBe('admin');
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(user?.password_hash ?? '', 'correct horse battery')).toBe(true);
    expect(lines.join('\n')).not.toContain('correct horse battery');

    expect(await ensureFirstAdmin(s.store.db, { ...settings, username: 'other' }, log)).toBe(false);
    expect(await findUserByUsername(s.store.db, 'other')).toBeUndefined();
  });

  it('gets a random password printed once when none is configured', async () => {
    s = await openTestStore(kind);
    const { log, lines } = recordingLogger();
    await ensureFirstAdmin(s.store.db, { username: 'admin', password: undefined, email: 'admin@localhost' }, log);
    const printed = /random password, shown only this once: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(printed).toMatch(/^[\w-]{20,}$/);
    const user = await findUserByUsername(s.store.db, 'admin');
    expect(await verify(user?.password_hash ?? '', printed ?? '')).toBe(true);

    await ensureFirstAdmin(s.store.db, { username: 'admin', password: undefined, email: 'admin@localhost' }, log);
    expect(lines.join('\n').match(/shown only this once/g)).toHaveLength(1);
  });
});
