import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  serviceLineSettingsSchema,
  type CreateServiceLine,
  type ServiceLine,
  type ServiceLineSettings,
  type UpdateServiceLine,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { OriginGuard } from '../../lib/origin-guard.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { parseOnce } from '../../lib/parse-once.js';
import { ALREADY_DEPLOYING, createItem, deleteItem, queueItemTask, updateItem } from '../../core/write-path.js';
import { appendAudit } from '../audit/audit.repository.js';
import { resolveLine } from './references.js';
import { findDomainDescriptions, setDomainDescriptions } from './service-lines.repository.js';
import { serviceLineKind, settingsOfLine, type LineRow } from './service-lines.kind.js';

export interface LineContext {
  db: Kysely<Database>;
  actor: string;
  cnameZone: string;
  originGuard: OriginGuard;
}

/** The answer of spec §4: the task's number, or empty when one is already in flight. */
export interface TaskAnswer {
  taskNo: string;
}

/**
 * A line's stored settings with every default filled in, parsed once per distinct text: a page
 * of the list shows up to 100 lines and the schema check is most of its cost. The text is read
 * from the store every time; 2,000 texts (a few MB) cover the lines people are looking at.
 */
const parseSettings = parseOnce((text): ServiceLineSettings => serviceLineSettingsSchema.parse(JSON.parse(text)), 2000);

/** A line as the API answers it. Its settings are shared and frozen (parseSettings). */
export function toLine(row: LineRow): ServiceLine {
  return {
    ...parseSettings(row.settings),
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

/** A name under the configured zone that says nothing about the customer. */
const newCname = (zone: string): string => `${randomBytes(8).toString('hex')}.${zone}`;

/** Whom a CERT_NOT_COVERING answer names, whether the user confirmed, and the settings saved over. */
interface CoverageCheck {
  name: string;
  confirmed: boolean;
  before?: ServiceLineSettings;
}

async function checked(
  ctx: LineContext,
  groupName: string,
  settings: ServiceLineSettings,
  lineId: string | null,
  coverage: CoverageCheck,
) {
  const resolved = await resolveLine(ctx.db, groupName, settings, lineId, ctx.originGuard);
  if (Object.keys(resolved.fields).length) {
    const details = Object.keys(resolved.fieldParams).length
      ? { details: { fieldParams: resolved.fieldParams } }
      : undefined;
    throw new AppError('VALIDATION_FAILED', resolved.fields, details);
  }
  const uncovered = newlyUncovered(resolved.uncovered, settings, coverage.before);
  if (uncovered.length && !coverage.confirmed)
    throw new AppError('CERT_NOT_COVERING', undefined, {
      details: { uncovered: [{ appProfileName: coverage.name, domains: uncovered }] },
    });
  return resolved.targets;
}

/**
 * Only what a save newly leaves uncovered is asked about: domains the line already had under
 * the same certificate were accepted when it was chosen or replaced, so saving another tab
 * does not ask again.
 */
function newlyUncovered(
  uncovered: string[],
  settings: ServiceLineSettings,
  before: ServiceLineSettings | undefined,
): string[] {
  if (!before?.scheme.includes('https') || before.useSystemCert || before.keypairname !== settings.keypairname)
    return uncovered;
  return uncovered.filter((domain) => !before.servername.includes(domain));
}

export async function createLine(ctx: LineContext, input: CreateServiceLine): Promise<TaskAnswer> {
  const { groupName, appProfileName } = input;
  const settings = settingsOf(input);
  const now = Date.now();
  const row: LineRow = {
    id: newId(),
    group_name: groupName,
    app_profile_name: appProfileName,
    settings: JSON.stringify(settings),
    cnameto: newCname(ctx.cnameZone),
    status: 'Deploying',
    last_error: null,
    created_by: ctx.actor,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  const check = async () => ({
    targets: await checked(ctx, groupName, settings, null, {
      name: appProfileName,
      confirmed: input.confirmUncovered === true,
    }),
  });
  return { taskNo: await createItem(ctx.db, serviceLineKind, { row, actor: ctx.actor, check }) };
}

/**
 * Saves the whole line over the version that was read. While a task for it is in flight the
 * answer is an empty taskNo (spec §4), and nothing changes.
 */
export async function updateLine(ctx: LineContext, before: LineRow, input: UpdateServiceLine): Promise<TaskAnswer> {
  if (input.appProfileName !== before.app_profile_name || input.groupName !== before.group_name)
    throw new AppError('VALIDATION_FAILED', { appProfileName: 'invalid_value' });
  return saveLine(ctx, before, settingsOf(input), input.version, input.confirmUncovered === true);
}

/**
 * Writes new settings over the version read, with the line's domains, its references and its
 * audit entry, and queues the deployment, all in one transaction. While a task for the line is
 * in flight nothing changes and the answer is an empty taskNo.
 */
async function saveLine(
  ctx: LineContext,
  before: LineRow,
  settings: ServiceLineSettings,
  version: number,
  confirmUncovered: boolean,
  descriptions?: { domains: string[]; description: string },
): Promise<TaskAnswer> {
  // The write path tells a stale save so first, then answers an empty taskNo while deploying.
  const check = async () => ({
    targets: await checked(ctx, before.group_name, settings, before.id, {
      name: before.app_profile_name,
      confirmed: confirmUncovered,
      before: currentSettings(before),
    }),
    ...(descriptions ? { descriptions } : {}),
  });
  return {
    taskNo: await updateItem(ctx.db, serviceLineKind, {
      before,
      version,
      patch: { settings: JSON.stringify(settings) },
      actor: ctx.actor,
      check,
    }),
  };
}

const currentSettings = settingsOfLine;

/**
 * Adds domains to a line (spec §7 rcm-nginxconfigs create); one already on the line is a
 * duplicate. New domains the line's certificate does not cover are asked about first, as a save
 * asks (only those: the line's own were accepted before).
 */
export async function addDomains(
  ctx: LineContext,
  row: LineRow,
  domains: string[],
  description: string,
  confirmUncovered = false,
): Promise<TaskAnswer> {
  const settings = currentSettings(row);
  const fields: Record<string, string> = {};
  domains.forEach((domain, i) => {
    if (settings.servername.includes(domain) || domains.indexOf(domain) !== i)
      fields[`servername.${i}`] = 'duplicate_entry';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  return saveLine(
    ctx,
    row,
    { ...settings, servername: [...settings.servername, ...domains] },
    row.version,
    confirmUncovered,
    { domains, description },
  );
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
export async function describeDomains(
  ctx: LineContext,
  row: LineRow,
  domains: string[],
  description: string,
): Promise<void> {
  assertOwnDomains(currentSettings(row), domains);
  await ctx.db.transaction().execute(async (trx) => {
    // The entry holds what the descriptions were, so the log shows the change and not only its result:
    // one text when the chosen domains shared it, else each domain's in the order of `domains`.
    const had = await findDomainDescriptions(trx, row.id, domains);
    const previous = domains.map((domain) => had.get(domain) ?? '');
    await setDomainDescriptions(trx, row.id, domains, description);
    await appendAudit(trx, {
      actor: ctx.actor,
      groupName: row.group_name,
      entity: 'service-line',
      entityId: row.id,
      action: 'update',
      before: { domains, description: new Set(previous).size === 1 ? previous[0] : previous },
      after: { domains, description },
    });
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
  return { taskNo: await deleteItem(ctx.db, serviceLineKind, { row, actor: ctx.actor }) };
}

/** Clearing cache is a task of its own; no path means everything, no domain list means every domain. */
export async function purgeLine(
  ctx: LineContext,
  row: LineRow,
  paths: string[],
  domains?: string[],
): Promise<TaskAnswer> {
  if (row.status === 'Deleting') return { taskNo: ALREADY_DEPLOYING };
  if (domains) assertOwnDomains(currentSettings(row), domains);
  const payload = domains ? { paths, domains } : { paths };
  return {
    taskNo: await queueItemTask(ctx.db, serviceLineKind, { row, actor: ctx.actor, operation: 'purge', payload }),
  };
}
