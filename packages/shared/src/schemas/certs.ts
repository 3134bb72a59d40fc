import { z } from 'zod';
import { text } from './text.js';
import { itemListQuerySchema } from './paging.js';
import { entityStatusSchema } from './deploy.js';

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
export const CERT_FIELD_CODES = [
  'malformed_pem',
  'missing_common_name',
  'invalid_email',
  'malformed_key',
  'encrypted_key',
  'key_mismatch',
] as const;
export type CertFieldCode = (typeof CERT_FIELD_CODES)[number];

export const keypairNameSchema = text().trim().min(1).max(KEYPAIR_NAME_MAX_LENGTH).regex(KEYPAIR_NAME_PATTERN);

/** What the server reads out of an uploaded certificate; the private key never comes back. */
export const certDetailsSchema = z
  .object({
    commonName: text(),
    issuerCommonName: text(),
    san: z.array(text()),
    validityStart: z.number().describe('epoch ms'),
    validityEnd: z.number().describe('epoch ms'),
    expiredDays: z.number().int().describe('whole days until validityEnd; negative once expired'),
    emailAddress: text().nullable(),
    /** Certificates in the uploaded chain, leaf first. */
    chainLength: z.number().int(),
  })
  .meta({ id: 'CertDetails' });
export type CertDetails = z.infer<typeof certDetailsSchema>;

/** Paths of the certificate calls, under API_PREFIX. */
export const CERT_API = {
  certs: '/certs',
  cert: '/certs/:id',
} as const;

/** PEM text as uploaded (file or paste); its problems are reported under `pem` and `key`. */
const pemTextSchema = text().trim().min(1).max(PEM_MAX_LENGTH);
const fileNameSchema = text().trim().max(255).optional();

export const createCertSchema = z
  .object({
    groupName: text().min(1).max(64),
    keypairname: keypairNameSchema,
    pem: pemTextSchema,
    key: pemTextSchema,
    pemFileName: fileNameSchema,
    keyFileName: fileNameSchema,
  })
  .meta({ id: 'CreateCert' });
export type CreateCert = z.infer<typeof createCertSchema>;

/** Replacing a certificate: a new PEM and key, with the version read. */
export const replaceCertSchema = createCertSchema
  .pick({ pem: true, key: true, pemFileName: true, keyFileName: true })
  .extend({
    version: z.number().int(),
    /**
     * True once the user has confirmed a certificate that no longer covers every domain of the
     * lines using it (the first answer was CERT_NOT_COVERING, naming them).
     */
    confirmUncovered: z.boolean().optional(),
  })
  .meta({ id: 'ReplaceCert' });
export type ReplaceCert = z.infer<typeof replaceCertSchema>;

export const certSchema = certDetailsSchema
  .extend({
    id: text(),
    groupName: text(),
    keypairname: text(),
    pem: text().describe('the certificate chain; the private key is never returned'),
    pemFileName: text().nullable(),
    keyFileName: text().nullable(),
    usedBy: z.array(text()),
    status: entityStatusSchema,
    lastError: text().nullable().describe('why the last deployment failed, while the previous version stays live'),
    createdBy: text(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'Cert' });
export type Cert = z.infer<typeof certSchema>;

/** The expiry filter: more than the warning window left, within it, or past. */
export const CERT_EXPIRY_FILTERS = ['valid', 'expiring', 'expired'] as const;
export type CertExpiryFilter = (typeof CERT_EXPIRY_FILTERS)[number];
export const certListQuerySchema = itemListQuerySchema.extend({ expiry: z.enum(CERT_EXPIRY_FILTERS).optional() });
export type CertListQuery = z.infer<typeof certListQuerySchema>;
export const certListSchema = z
  .object({ items: z.array(certSchema), total: z.number().int() })
  .meta({ id: 'CertList' });
export const idParamsSchema = z.object({ id: text().min(1).max(64) });
