import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.js';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same text differently each time', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----';
    const a = sealSecret(key, pem);
    expect(a).not.toContain('PRIVATE');
    expect(openSecret(key, a)).toBe(pem);
    expect(sealSecret(key, pem)).not.toBe(a);
  });

  it('refuses a tampered box or the wrong key', () => {
    const sealed = sealSecret(key, 'secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('secreT').toString('base64url');
    expect(() => openSecret(key, parts.join('.'))).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    expect(() => openSecret(key, 'v9.a.b.c')).toThrow(/format/);
  });
});
