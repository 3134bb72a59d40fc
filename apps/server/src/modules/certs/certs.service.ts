import type { Kysely } from 'kysely';
import {
  certCoversDomain,
  uncoveredDomains,
  type Cert,
  type CertDetails,
  type CreateCert,
  type ErrorDetails,
  type ReplaceCert,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { sealSecret } from '../../lib/secret-box.js';
import { linesUsing, usersOf } from '../../core/references.repository.js';
import { createItem, deleteItem, updateItem } from '../../core/write-path.js';
import { domainsOfLines } from '../service-lines/service-lines.repository.js';
import { findCertRow } from './certs.repository.js';
import { certKind, type CertRow } from './certs.kind.js';
import { CertificateError, parseCertificate } from './parse-certificate.js';

const DAY_MS = 24 * 60 * 60_000;

export interface CertContext {
  db: Kysely<Database>;
  secretKey: Buffer;
  actor: string;
}

/** The API's view of a stored certificate; the sealed key stays behind. */
export function toCert(row: CertRow, usedBy: string[] = [], now = Date.now()): Cert {
  return {
    id: row.id,
    groupName: row.group_name,
    keypairname: row.keypairname,
    pem: row.pem,
    pemFileName: row.pem_file_name,
    keyFileName: row.key_file_name,
    commonName: row.common_name,
    issuerCommonName: row.issuer_common_name,
    san: JSON.parse(row.san) as string[],
    validityStart: row.validity_start,
    validityEnd: row.validity_end,
    expiredDays: Math.floor((row.validity_end - now) / DAY_MS),
    emailAddress: row.email_address,
    chainLength: row.chain_length,
    usedBy,
    status: row.status,
    lastError: row.last_error,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Parses and checks, turning a refusal into the field error the form shows. */
function read(pem: string, key: string): CertDetails {
  try {
    return parseCertificate(pem, key);
  } catch (error) {
    if (error instanceof CertificateError) throw new AppError('VALIDATION_FAILED', { [error.field]: error.code });
    throw error;
  }
}

const columnsOf = (
  ctx: CertContext,
  d: CertDetails,
  input: { pem: string; key: string; pemFileName?: string | undefined; keyFileName?: string | undefined },
) => ({
  pem: input.pem,
  key_sealed: sealSecret(ctx.secretKey, input.key),
  pem_file_name: input.pemFileName ?? null,
  key_file_name: input.keyFileName ?? null,
  common_name: d.commonName,
  issuer_common_name: d.issuerCommonName,
  san: JSON.stringify(d.san),
  validity_start: d.validityStart,
  validity_end: d.validityEnd,
  email_address: d.emailAddress,
  chain_length: d.chainLength,
});

export async function createCert(ctx: CertContext, input: CreateCert): Promise<Cert> {
  const details = read(input.pem, input.key);
  const now = Date.now();
  const row: CertRow = {
    id: newId(),
    group_name: input.groupName,
    keypairname: input.keypairname,
    ...columnsOf(ctx, details, input),
    status: 'Deploying',
    last_error: null,
    created_by: ctx.actor,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await createItem(ctx.db, certKind, { row, actor: ctx.actor });
  return toCert(row);
}

/**
 * Per line using the certificate, the domains the old certificate covered and the new one does
 * not. Domains the old one already left uncovered were accepted then and are not asked again.
 */
async function lostCoverage(
  db: Kysely<Database>,
  before: CertRow,
  details: CertDetails,
): Promise<NonNullable<ErrorDetails['uncovered']>> {
  const lines = await linesUsing(db, 'cert', before.id);
  const domains = await domainsOfLines(
    db,
    lines.map((line) => line.id),
  );
  const oldNames = [before.common_name, ...(JSON.parse(before.san) as string[])];
  return lines
    .map((line) => ({
      appProfileName: line.name,
      domains: uncoveredDomains(details, domains.get(line.id) ?? []).filter((domain) =>
        certCoversDomain(oldNames, domain),
      ),
    }))
    .filter((line) => line.domains.length > 0)
    .sort((a, b) => a.appProfileName.localeCompare(b.appProfileName));
}

export async function replaceCert(ctx: CertContext, before: CertRow, input: ReplaceCert): Promise<Cert> {
  const details = read(input.pem, input.key);
  // Asked once the save is known current and not deploying; the lines it redeploys are the kind's hook.
  const check = async () => {
    if (input.confirmUncovered) return;
    const uncovered = await lostCoverage(ctx.db, before, details);
    if (uncovered.length) throw new AppError('CERT_NOT_COVERING', undefined, { details: { uncovered } });
  };
  await updateItem(ctx.db, certKind, {
    before,
    version: input.version,
    patch: columnsOf(ctx, details, input),
    actor: ctx.actor,
    check,
  });
  const after = await findCertRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  return toCert(after, (await usersOf(ctx.db, 'cert', [after.id])).get(after.id));
}

/** Deletes a certificate nothing uses; the edge drops its files in a task of its own. */
export async function deleteCert(ctx: CertContext, row: CertRow): Promise<void> {
  await deleteItem(ctx.db, certKind, { row, actor: ctx.actor });
}
