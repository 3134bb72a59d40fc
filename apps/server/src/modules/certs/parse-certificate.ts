import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { CertDetails, CertFieldCode } from '@parapet/shared';

const DAY_MS = 24 * 60 * 60_000;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export class CertificateError extends Error {
  constructor(
    readonly field: 'pem' | 'key',
    readonly code: CertFieldCode,
  ) {
    super(`${field}: ${code}`);
  }
}

/** One attribute of a distinguished name as Node prints it ("CN=a\nO=b"). */
function attribute(dn: string, name: string): string | undefined {
  return dn
    .split('\n')
    .map((line) => line.split('='))
    .find(([key]) => key === name)?.[1]
    ?.trim();
}

function parseChain(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new CertificateError('pem', 'malformed_pem');
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new CertificateError('pem', 'malformed_pem');
  }
}

function parseKey(key: string): KeyObject {
  if (/ENCRYPTED/.test(key)) throw new CertificateError('key', 'encrypted_key');
  try {
    return createPrivateKey({ key, format: 'pem' });
  } catch (error) {
    // A passphrase-protected key in a format without the ENCRYPTED marker still fails here.
    if (/passphrase|decrypt/i.test(String(error))) throw new CertificateError('key', 'encrypted_key');
    throw new CertificateError('key', 'malformed_key');
  }
}

/**
 * Reads an uploaded certificate (a chain allowed, leaf first) and checks its private key:
 * the details the console shows, or a CertificateError naming the field and the reason.
 */
export function parseCertificate(pem: string, key: string, now = Date.now()): CertDetails {
  const chain = parseChain(pem);
  const leaf = chain[0] as X509Certificate;
  const commonName = attribute(leaf.subject, 'CN');
  if (!commonName) throw new CertificateError('pem', 'missing_common_name');
  const emailAddress = attribute(leaf.subject, 'emailAddress') ?? null;
  if (emailAddress !== null && !z.email().safeParse(emailAddress).success)
    throw new CertificateError('pem', 'invalid_email');
  if (!leaf.checkPrivateKey(parseKey(key))) throw new CertificateError('key', 'key_mismatch');

  const validityStart = Date.parse(leaf.validFrom);
  const validityEnd = Date.parse(leaf.validTo);
  return {
    commonName,
    issuerCommonName: attribute(leaf.issuer, 'CN') ?? attribute(leaf.issuer, 'O') ?? '',
    san: (leaf.subjectAltName ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => entry.replace(/^(DNS|IP Address):/, '')),
    validityStart,
    validityEnd,
    expiredDays: Math.floor((validityEnd - now) / DAY_MS),
    emailAddress,
    chainLength: chain.length,
  };
}
