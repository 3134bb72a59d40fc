import type { Kysely, Selectable } from 'kysely';
import { certCoversDomain, uncoveredDomains, type Cert, type CertDetails, type CreateCert, type ErrorDetails, type ReplaceCert, type StoreKind } from '@parapet/shared';
import type { CertsTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { sealSecret } from '../../lib/secret-box.js';
import { appendAudit } from '../audit/audit.repository.js';
import { enqueueDeploy, taskQueued } from '../deploy/enqueue.js';
import { assertNotDeploying } from '../deploy/entity-status.js';
import { removeItem } from '../deploy/remove-item.js';
import { linesUsing, usersOf } from '../references/references.repository.js';
import { domainsOfLines } from '../service-lines/service-lines.repository.js';
import { createWithinQuota } from '../tenancy/quota.js';
import { countCerts, findCertByName, findCertRow, insertCertRow, updateCertRow } from './certs.repository.js';
import { CertificateError, parseCertificate } from './parse-certificate.js';

const DAY_MS = 24 * 60 * 60_000;

type CertRow = Selectable<CertsTable>;

export interface CertContext {
  db: Kysely<Database>;
  kind: StoreKind;
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

const columnsOf = (ctx: CertContext, d: CertDetails, input: { pem: string; key: string; pemFileName?: string | undefined; keyFileName?: string | undefined }) => ({
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

/** What the audit log keeps of a certificate: what identifies it, never its key. */
const auditView = (row: Pick<CertRow, 'keypairname' | 'common_name' | 'validity_end' | 'pem_file_name'>) => ({
  keypairname: row.keypairname,
  commonName: row.common_name,
  validityEnd: row.validity_end,
  pemFileName: row.pem_file_name,
});

export async function createCert(ctx: CertContext, input: CreateCert): Promise<Cert> {
  const details = read(input.pem, input.key);
  if (await findCertByName(ctx.db, input.groupName, input.keypairname)) throw new AppError('ALREADY_EXISTS', { keypairname: 'taken' });
  const now = Date.now();
  const row = { id: newId(), group_name: input.groupName, keypairname: input.keypairname, ...columnsOf(ctx, details, input), status: 'Deploying' as const, last_error: null, created_by: ctx.actor, created_at: now, updated_at: now };
  await createWithinQuota(ctx.db, ctx.kind, {
    groupName: input.groupName,
    limit: 'maxCertCount',
    count: (trx) => countCerts(trx, input.groupName),
    create: async (trx) => {
      await insertCertRow(trx, row);
      await appendAudit(trx, { actor: ctx.actor, groupName: input.groupName, entity: 'cert', entityId: row.id, action: 'create', before: null, after: auditView(row) });
      await enqueueDeploy(trx, { groupName: input.groupName, entity: 'cert', entityId: row.id, entityName: row.keypairname, operation: 'publish' });
    },
  });
  taskQueued();
  return toCert({ ...row, version: 1 });
}

/**
 * Per line using the certificate, the domains the old certificate covered and the new one does
 * not. Domains the old one already left uncovered were accepted then and are not asked again.
 */
async function lostCoverage(db: Kysely<Database>, before: CertRow, details: CertDetails): Promise<NonNullable<ErrorDetails['uncovered']>> {
  const lines = await linesUsing(db, 'cert', before.id);
  const domains = await domainsOfLines(db, lines.map((line) => line.id));
  const oldNames = [before.common_name, ...(JSON.parse(before.san) as string[])];
  return lines
    .map((line) => ({ appProfileName: line.name, domains: uncoveredDomains(details, domains.get(line.id) ?? []).filter((domain) => certCoversDomain(oldNames, domain)) }))
    .filter((line) => line.domains.length > 0)
    .sort((a, b) => a.appProfileName.localeCompare(b.appProfileName));
}

export async function replaceCert(ctx: CertContext, before: CertRow, input: ReplaceCert): Promise<Cert> {
  assertNotDeploying('cert', before.status);
  const details = read(input.pem, input.key);
  if (!input.confirmUncovered) {
    const uncovered = await lostCoverage(ctx.db, before, details);
    if (uncovered.length) throw new AppError('CERT_NOT_COVERING', undefined, { details: { uncovered } });
  }
  const columns = columnsOf(ctx, details, input);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateCertRow(trx, before.id, input.version, columns))) throw new AppError('VERSION_CONFLICT');
    await appendAudit(trx, { actor: ctx.actor, groupName: before.group_name, entity: 'cert', entityId: before.id, action: 'update', before: auditView(before), after: auditView({ ...before, ...columns }) });
    await enqueueDeploy(trx, { groupName: before.group_name, entity: 'cert', entityId: before.id, entityName: before.keypairname, operation: 'publish' });
    // Every line terminating TLS with it picks the new certificate up in a deployment of its own.
    for (const line of await linesUsing(trx, 'cert', before.id)) {
      await enqueueDeploy(trx, { groupName: line.groupName, entity: 'service-line', entityId: line.id, entityName: line.name, operation: 'publish' });
    }
  });
  taskQueued();
  const after = await findCertRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  return toCert(after, (await usersOf(ctx.db, 'cert', [after.id])).get(after.id));
}

/** Deletes a certificate nothing uses; the edge drops its files in a task of its own. */
export async function deleteCert(ctx: CertContext, row: CertRow): Promise<void> {
  await removeItem(ctx.db, ctx.actor, { entity: 'cert', id: row.id, groupName: row.group_name, name: row.keypairname, status: row.status, auditBefore: auditView(row) });
}
