import { beforeAll, describe, expect, it } from 'vitest';
import { CertificateError, parseCertificate } from '../../src/modules/certs/parse-certificate.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';

const DAY = 24 * 60 * 60_000;

/** The same PEM with most of its body cut out: the envelope is intact, the DER is not. */
const truncated = (pem: string) => {
  const lines = pem.trim().split('\n');
  return [...lines.slice(0, 4), lines.at(-1)].join('\n');
};

describe('reading an uploaded certificate', () => {
  let c: TestCerts;
  beforeAll(() => {
    c = makeTestCerts();
  });

  const refusal = (pem: string, key: string) => {
    try {
      parseCertificate(pem, key);
    } catch (error) {
      if (error instanceof CertificateError) return `${error.field}:${error.code}`;
      throw error;
    }
    return 'accepted';
  };

  it('reads the common name, issuer, SAN, validity, days left and email', () => {
    const now = Date.now();
    const details = parseCertificate(c.leafPem, c.leafKey, now);
    expect(details).toMatchObject({
      commonName: 'shop.example.com',
      issuerCommonName: 'shop.example.com',
      san: ['shop.example.com', 'www.shop.example.com'],
      emailAddress: 'ops@example.com',
      chainLength: 1,
    });
    expect(details.validityEnd - details.validityStart).toBeGreaterThanOrEqual(89 * DAY);
    expect(details.expiredDays).toBeGreaterThanOrEqual(88);
    expect(details.expiredDays).toBeLessThanOrEqual(90);
  });

  it('accepts a chain, leaf first, and reads the leaf', () => {
    const details = parseCertificate(c.chainPem, c.chainKey);
    expect(details).toMatchObject({
      commonName: 'api.example.com',
      issuerCommonName: 'Parapet Test CA',
      chainLength: 2,
      emailAddress: null,
      san: [],
    });
  });

  it('counts the days of an expired certificate as negative', () => {
    const details = parseCertificate(c.leafPem, c.leafKey, Date.now() + 100 * DAY);
    expect(details.expiredDays).toBeLessThan(0);
  });

  it.each([
    ['a key of another certificate', () => [c.leafPem, c.otherKey], 'key:key_mismatch'],
    ['an encrypted key', () => [c.leafPem, c.encryptedKey], 'key:encrypted_key'],
    ['text that is no key', () => [c.leafPem, 'not a key'], 'key:malformed_key'],
    ['text that is no certificate', () => ['hello', c.leafKey], 'pem:malformed_pem'],
    ['a truncated certificate', () => [truncated(c.leafPem), c.leafKey], 'pem:malformed_pem'],
    ['a certificate without a common name', () => [c.noCnPem, c.noCnKey], 'pem:missing_common_name'],
    ['a certificate with an invalid email', () => [c.badEmailPem, c.badEmailKey], 'pem:invalid_email'],
  ] as const)('refuses %s', (_label, input, expected) => {
    const [pem = '', key = ''] = input();
    expect(refusal(pem, key)).toBe(expected);
  });
});
