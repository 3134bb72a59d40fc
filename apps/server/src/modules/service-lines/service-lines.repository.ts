import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/dialect.js';
import { keptCount } from '../../db/kept-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A page of a group's lines; the search matches a line's name or any of its domains. Without a
 * search nothing is filtered, so the count and the page read the group's (group, name) index
 * alone instead of testing every line and its domains.
 */
export async function listLineRows(
  db: Db,
  q: { groupName: string; search?: string | undefined; page: number; pageSize: number },
) {
  let base = db.selectFrom('service_lines').where('group_name', '=', q.groupName);
  if (q.search)
    base = base.where((eb) =>
      eb.or([
        containsIgnoringCase('app_profile_name', q.search),
        eb.exists(
          eb
            .selectFrom('line_domains')
            .select('domain')
            .whereRef('line_domains.line_id', '=', 'service_lines.id')
            .where(containsIgnoringCase('domain', q.search)),
        ),
      ]),
    );
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('app_profile_name')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

export const findLineRow = (db: Db, id: string) =>
  db.selectFrom('service_lines').selectAll().where('id', '=', id).executeTakeFirst();

export const findLineByName = (db: Db, groupName: string, name: string) =>
  db
    .selectFrom('service_lines')
    .selectAll()
    .where('group_name', '=', groupName)
    .where('app_profile_name', '=', name)
    .executeTakeFirst();

export async function countLines(db: Db, groupName: string): Promise<number> {
  const row = await db
    .selectFrom('service_lines')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_name', '=', groupName)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteLineRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('service_lines').where('id', '=', id).execute();
}

/** Which of these domains a line already has, with that line's id, name and group (errors name it to its group). */
export async function domainOwners(
  db: Db,
  domains: readonly string[],
): Promise<Map<string, { id: string; name: string; groupName: string }>> {
  if (domains.length === 0) return new Map();
  const rows = await db
    .selectFrom('line_domains')
    .innerJoin('service_lines', 'service_lines.id', 'line_domains.line_id')
    .select([
      'line_domains.domain',
      'line_domains.line_id',
      'service_lines.app_profile_name',
      'service_lines.group_name',
    ])
    .where('line_domains.domain', 'in', [...domains])
    .execute();
  return new Map(rows.map((r) => [r.domain, { id: r.line_id, name: r.app_profile_name, groupName: r.group_name }]));
}

/** The domains of each of these lines, for checking a certificate they use still covers them. */
export async function domainsOfLines(db: Db, lineIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (lineIds.length === 0) return out;
  const rows = await db
    .selectFrom('line_domains')
    .select(['line_id', 'domain'])
    .where('line_id', 'in', [...lineIds])
    .orderBy('created_at')
    .orderBy('domain')
    .execute();
  for (const row of rows) out.set(row.line_id, [...(out.get(row.line_id) ?? []), row.domain]);
  return out;
}

/** Makes the line's domain rows match its list, keeping the descriptions of those it keeps. */
export async function syncLineDomains(
  trx: Transaction<Database>,
  line: { id: string; groupName: string },
  domains: readonly string[],
  actor: string,
): Promise<void> {
  const have = await trx.selectFrom('line_domains').select('domain').where('line_id', '=', line.id).execute();
  const wanted = new Set(domains);
  const gone = have.map((r) => r.domain).filter((d) => !wanted.has(d));
  if (gone.length)
    await trx.deleteFrom('line_domains').where('line_id', '=', line.id).where('domain', 'in', gone).execute();
  const kept = new Set(have.map((r) => r.domain));
  const fresh = domains.filter((d) => !kept.has(d));
  const now = Date.now();
  if (fresh.length)
    await trx
      .insertInto('line_domains')
      .values(
        fresh.map((domain) => ({
          domain,
          line_id: line.id,
          group_name: line.groupName,
          created_by: actor,
          created_at: now,
        })),
      )
      .execute();
}

export const listLineDomains = (db: Db, lineId: string) =>
  db.selectFrom('line_domains').selectAll().where('line_id', '=', lineId).orderBy('domain').execute();

/** The descriptions these domains of a line have now, by domain. */
export async function findDomainDescriptions(
  db: Db,
  lineId: string,
  domains: readonly string[],
): Promise<Map<string, string>> {
  if (domains.length === 0) return new Map();
  const rows = await db
    .selectFrom('line_domains')
    .select(['domain', 'description'])
    .where('line_id', '=', lineId)
    .where('domain', 'in', [...domains])
    .execute();
  return new Map(rows.map((r) => [r.domain, r.description]));
}

export async function setDomainDescriptions(
  db: Db,
  lineId: string,
  domains: readonly string[],
  description: string,
): Promise<void> {
  if (domains.length === 0) return;
  await db
    .updateTable('line_domains')
    .set({ description })
    .where('line_id', '=', lineId)
    .where('domain', 'in', [...domains])
    .execute();
}
