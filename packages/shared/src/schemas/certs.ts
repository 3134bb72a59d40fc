import { z } from 'zod';

/** Certificates (spec §3 Cert, GLOSSARY §4). */
export const KEYPAIR_NAME_MAX_LENGTH = 35;
/** Lower-case letters, digits, hyphen, underscore and dot. */
export const KEYPAIR_NAME_PATTERN = /^[a-z0-9._-]+$/;
/** Certificates expiring within this many days are marked in the list. */
export const CERT_EXPIRY_WARNING_DAYS = 30;
/** PEM text of a certificate chain or a key; generous for long chains, bounded all the same. */
export const PEM_MAX_LENGTH = 64 * 1024;

/**
 * Field codes of a refused upload, beyond zod's own; each has its translated message under
 * `fieldErrors.<code>`.
 */
export const CERT_FIELD_CODES = ['malformed_pem', 'missing_common_name', 'invalid_email', 'malformed_key', 'encrypted_key', 'key_mismatch'] as const;
export type CertFieldCode = (typeof CERT_FIELD_CODES)[number];

export const keypairNameSchema = z.string().trim().min(1).max(KEYPAIR_NAME_MAX_LENGTH).regex(KEYPAIR_NAME_PATTERN);

/** What the server reads out of an uploaded certificate; the private key never comes back. */
export const certDetailsSchema = z
  .object({
    commonName: z.string(),
    issuerCommonName: z.string(),
    san: z.array(z.string()),
    validityStart: z.number().describe('epoch ms'),
    validityEnd: z.number().describe('epoch ms'),
    expiredDays: z.number().int().describe('whole days until validityEnd; negative once expired'),
    emailAddress: z.string().nullable(),
    /** Certificates in the uploaded chain, leaf first. */
    chainLength: z.number().int(),
  })
  .meta({ id: 'CertDetails' });
export type CertDetails = z.infer<typeof certDetailsSchema>;
