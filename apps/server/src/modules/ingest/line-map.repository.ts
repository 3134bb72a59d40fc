import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Every domain of every line, with the line's group, name and settings (its customer package),
 * and its group's plan (how far back the group keeps events).
 */
export const listLineDomains = (db: Kysely<Database>) =>
  db
    .selectFrom('line_domains')
    .innerJoin('service_lines', 'service_lines.id', 'line_domains.line_id')
    .innerJoin('groups', 'groups.name', 'service_lines.group_name')
    .select([
      'line_domains.domain',
      'service_lines.group_name',
      'service_lines.app_profile_name',
      'service_lines.settings',
      'groups.plan',
    ])
    .execute();

/**
 * A value that changes whenever the domain → line map could have: a domain added (its
 * created_at is the newest) or removed (the count drops), a line renamed or removed, a group
 * renamed or removed, a group's plan changed. One cheap row instead of the whole map on every batch.
 */
export async function lineMapFingerprint(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`
    select
      (select count(*) from line_domains) as domains,
      (select max(created_at) from line_domains) as domains_at,
      (select count(*) from service_lines) as lines,
      (select max(updated_at) from service_lines) as lines_at,
      (select count(*) from groups) as groups,
      (select max(updated_at) from groups) as groups_at
  `.execute(db);
  return JSON.stringify(Object.values(rows[0] ?? {}).map(String));
}
