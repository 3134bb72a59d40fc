import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { serviceLineSettingsSchema, type CreateServiceLine, type ServiceLine, type ServiceLineSettings, type StoreKind, type UpdateServiceLine } from '@parapet/shared';
import type { Database, ServiceLinesTable } from '../../db/schema.js';
import type { OriginGuard } from '../../lib/origin-guard.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { appendAudit } from '../audit/audit.repository.js';
import { enqueueDeploy, taskQueued } from '../deploy/enqueue.js';
import { setReferences } from '../references/references.repository.js';
import { createWithinQuota } from '../tenancy/quota.js';
import { resolveLine } from './references.js';
import { countLines, deleteLineRow, findLineByName, findLineRow, insertLineRow, setDomainDescriptions, syncLineDomains, updateLineRow } from './service-lines.repository.js';

type LineRow = Selectable<ServiceLinesTable>;

export interface LineContext {
  db: Kysely<Database>;
  kind: StoreKind;
  actor: string;
  cnameZone: string;
  originGuard: OriginGuard;
}

/** The answer of spec §4: the task's number, or empty when one is already in flight. */
export interface TaskAnswer {
  taskNo: string;
}
const ALREADY_DEPLOYING: TaskAnswer = { taskNo: '' };

export function toLine(row: LineRow): ServiceLine {
  return {
    ...serviceLineSettingsSchema.parse(JSON.parse(row.settings)),
    id: row.id,
    groupName: row.group_name,
    appProfileName: row.app_profile_name,
    status: row.status,
    lastError: row.last_error,
    cnameto: row.cnameto,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Only the settings, whatever else the body carried (the whole detail is sent back on save). */
const settingsOf = (input: ServiceLineSettings): ServiceLineSettings => serviceLineSettingsSchema.parse(input);
const auditView = (name: string, settings: ServiceLineSettings) => ({ appProfileName: name, ...settings });

/** A name under the configured zone that says nothing about the customer. */
const newCname = (zone: string): string => `${randomBytes(8).toString('hex')}.${zone}`;

/** Whom a CERT_NOT_COVERING answer names, whether the user confirmed, and the settings saved over. */
interface CoverageCheck {
  name: string;
  confirmed: boolean;
  before?: ServiceLineSettings;
}

async function checked(ctx: LineContext, groupName: string, settings: ServiceLineSettings, lineId: string | null, coverage: CoverageCheck) {
  const resolved = await resolveLine(ctx.db, groupName, settings, lineId, ctx.originGuard);
  if (Object.keys(resolved.fields).length) {
    const details = Object.keys(resolved.fieldParams).length ? { details: { fieldParams: resolved.fieldParams } } : undefined;
    throw new AppError('VALIDATION_FAILED', resolved.fields, details);
  }
  const uncovered = newlyUncovered(resolved.uncovered, settings, coverage.before);
  if (uncovered.length && !coverage.confirmed) throw new AppError('CERT_NOT_COVERING', undefined, { details: { uncovered: [{ appProfileName: coverage.name, domains: uncovered }] } });
  return resolved.targets;
}

/**
 * Only what a save newly leaves uncovered is asked about: domains the line already had under
 * the same certificate were accepted when it was chosen or replaced, so saving another tab
 * does not ask again.
 */
function newlyUncovered(uncovered: string[], settings: ServiceLineSettings, before: ServiceLineSettings | undefined): string[] {
  if (!before?.scheme.includes('https') || before.useSystemCert || before.keypairname !== settings.keypairname) return uncovered;
  return uncovered.filter((domain) => !before.servername.includes(domain));
}

/** A domain or name taken by a racing save between our check and our write. */
function raced(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('VALIDATION_FAILED', { servername: 'taken' });
  throw error;
}

export async function createLine(ctx: LineContext, input: CreateServiceLine): Promise<TaskAnswer> {
  const { groupName, appProfileName } = input;
  const settings = settingsOf(input);
  if (await findLineByName(ctx.db, groupName, appProfileName)) throw new AppError('ALREADY_EXISTS', { appProfileName: 'taken' });
  const targets = await checked(ctx, groupName, settings, null, { name: appProfileName, confirmed: input.confirmUncovered === true });
  const now = Date.now();
  const row = { id: newId(), group_name: groupName, app_profile_name: appProfileName, settings: JSON.stringify(settings), cnameto: newCname(ctx.cnameZone), status: 'Deploying' as const, last_error: null, created_by: ctx.actor, created_at: now, updated_at: now };
  const taskNo = await createWithinQuota(ctx.db, ctx.kind, {
    groupName,
    limit: 'maxAppProfileCount',
    count: (trx) => countLines(trx, groupName),
    create: async (trx) => {
      await insertLineRow(trx, row);
      await syncLineDomains(trx, { id: row.id, groupName }, settings.servername, ctx.actor);
      await setReferences(trx, { groupName, entity: 'service-line', id: row.id, name: appProfileName }, targets);
      await appendAudit(trx, { actor: ctx.actor, groupName, entity: 'service-line', entityId: row.id, action: 'create', before: null, after: auditView(appProfileName, settings) });
      return enqueueDeploy(trx, { groupName, entity: 'service-line', entityId: row.id, entityName: appProfileName, operation: 'publish' });
    },
  }).catch(raced);
  taskQueued();
  return { taskNo };
}

/**
 * Saves the whole line over the version that was read. While a task for it is in flight the
 * answer is an empty taskNo (spec §4), and nothing changes.
 */
export async function updateLine(ctx: LineContext, before: LineRow, input: UpdateServiceLine): Promise<TaskAnswer> {
  if (input.appProfileName !== before.app_profile_name || input.groupName !== before.group_name) throw new AppError('VALIDATION_FAILED', { appProfileName: 'invalid_value' });
  return saveLine(ctx, before, settingsOf(input), input.version, input.confirmUncovered === true);
}

/**
 * Writes new settings over the version read, with the line's domains, its references and its
 * audit entry, and queues the deployment, all in one transaction. While a task for the line is
 * in flight nothing changes and the answer is an empty taskNo.
 */
async function saveLine(ctx: LineContext, before: LineRow, settings: ServiceLineSettings, version: number, confirmUncovered: boolean, descriptions?: { domains: string[]; description: string }): Promise<TaskAnswer> {
  // A stale save is told so first: reloading is what it needs, deploying or not.
  if (version !== before.version) throw new AppError('VERSION_CONFLICT');
  if (before.status !== 'Running') return ALREADY_DEPLOYING;
  const targets = await checked(ctx, before.group_name, settings, before.id, { name: before.app_profile_name, confirmed: confirmUncovered, before: currentSettings(before) });
  const taskNo = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await updateLineRow(trx, before.id, version, { settings: JSON.stringify(settings) }))) throw new AppError('VERSION_CONFLICT');
      await syncLineDomains(trx, { id: before.id, groupName: before.group_name }, settings.servername, ctx.actor);
      if (descriptions) await setDomainDescriptions(trx, before.id, descriptions.domains, descriptions.description);
      await setReferences(trx, { groupName: before.group_name, entity: 'service-line', id: before.id, name: before.app_profile_name }, targets);
      await appendAudit(trx, {
        actor: ctx.actor,
        groupName: before.group_name,
        entity: 'service-line',
        entityId: before.id,
        action: 'update',
        before: auditView(before.app_profile_name, serviceLineSettingsSchema.parse(JSON.parse(before.settings))),
        after: auditView(before.app_profile_name, settings),
      });
      return enqueueDeploy(trx, { groupName: before.group_name, entity: 'service-line', entityId: before.id, entityName: before.app_profile_name, operation: 'publish' });
    })
    .catch(raced);
  taskQueued();
  return { taskNo };
}

const currentSettings = (row: LineRow): ServiceLineSettings => serviceLineSettingsSchema.parse(JSON.parse(row.settings));

/** Adds domains to a line (spec §7 rcm-nginxconfigs create); one already on the line is a duplicate. */
export async function addDomains(ctx: LineContext, row: LineRow, domains: string[], description: string): Promise<TaskAnswer> {
  const settings = currentSettings(row);
  const fields: Record<string, string> = {};
  domains.forEach((domain, i) => {
    if (settings.servername.includes(domain) || domains.indexOf(domain) !== i) fields[`servername.${i}`] = 'duplicate_entry';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  // The domain screens do not ask about certificate coverage yet (see docs/certificates-and-origins.md).
  return saveLine(ctx, row, { ...settings, servername: [...settings.servername, ...domains] }, row.version, true, { domains, description });
}

/** Takes domains off a line; the line keeps at least one. */
export async function removeDomains(ctx: LineContext, row: LineRow, domains: string[]): Promise<TaskAnswer> {
  const settings = currentSettings(row);
  assertOwnDomains(settings, domains);
  const remaining = settings.servername.filter((d) => !domains.includes(d));
  if (remaining.length === 0) throw new AppError('VALIDATION_FAILED', { domains: 'last_domain' });
  // Taking domains off never leaves one more uncovered.
  return saveLine(ctx, row, { ...settings, servername: remaining }, row.version, true);
}

/** The same description on several domains; the edge does not read it, so no task. */
export async function describeDomains(ctx: LineContext, row: LineRow, domains: string[], description: string): Promise<void> {
  assertOwnDomains(currentSettings(row), domains);
  await ctx.db.transaction().execute(async (trx) => {
    await setDomainDescriptions(trx, row.id, domains, description);
    await appendAudit(trx, { actor: ctx.actor, groupName: row.group_name, entity: 'service-line', entityId: row.id, action: 'update', before: null, after: { domains, description } });
  });
}

function assertOwnDomains(settings: ServiceLineSettings, domains: string[]): void {
  const fields: Record<string, string> = {};
  domains.forEach((domain, i) => {
    if (!settings.servername.includes(domain)) fields[`domains.${i}`] = 'not_found';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

/** Deleting shows Deleting until the edge has dropped the line; then the row goes. */
export async function deleteLine(ctx: LineContext, row: LineRow): Promise<TaskAnswer> {
  if (row.status !== 'Running') return ALREADY_DEPLOYING;
  const taskNo = await ctx.db.transaction().execute(async (trx) => {
    await appendAudit(trx, { actor: ctx.actor, groupName: row.group_name, entity: 'service-line', entityId: row.id, action: 'delete', before: auditView(row.app_profile_name, serviceLineSettingsSchema.parse(JSON.parse(row.settings))), after: null });
    return enqueueDeploy(trx, { groupName: row.group_name, entity: 'service-line', entityId: row.id, entityName: row.app_profile_name, operation: 'remove' });
  });
  taskQueued();
  return { taskNo };
}

/** Clearing cache is a task of its own; no path means everything, no domain list means every domain. */
export async function purgeLine(ctx: LineContext, row: LineRow, paths: string[], domains?: string[]): Promise<TaskAnswer> {
  if (row.status === 'Deleting') return ALREADY_DEPLOYING;
  if (domains) assertOwnDomains(currentSettings(row), domains);
  const payload = domains ? { paths, domains } : { paths };
  const taskNo = await ctx.db.transaction().execute(async (trx) => {
    await appendAudit(trx, { actor: ctx.actor, groupName: row.group_name, entity: 'service-line', entityId: row.id, action: 'purge', before: null, after: payload });
    return enqueueDeploy(trx, { groupName: row.group_name, entity: 'service-line', entityId: row.id, entityName: row.app_profile_name, operation: 'purge', payload });
  });
  taskQueued();
  return { taskNo };
}

/** The removal itself, run by the deploy task once the edge has dropped the line. */
export async function dropLine(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findLineRow(trx, id);
    if (!row) return;
    await setReferences(trx, { groupName: row.group_name, entity: 'service-line', id, name: row.app_profile_name }, []);
    await deleteLineRow(trx, id);
  });
}
