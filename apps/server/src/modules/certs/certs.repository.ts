import type { Insertable, Kysely, Transaction } from 'kysely';
import { CERT_EXPIRY_WARNING_DAYS, type CertListQuery } from '@parapet/shared';
import type { CertsTable, Database } from '../../db/schema.js';
import { containsIgnoringCase } from '../../db/dialect.js';
import { itemFilters } from '../../lib/list-filters.js';
import { keptCount } from '../../db/kept-rows.js';

const DAY_MS = 24 * 60 * 60_000;

type Db = Kysely<Database> | Transaction<Database>;

export async function listCertRows(db: Db, q: CertListQuery, now = Date.now()) {
  const warnFrom = now + CERT_EXPIRY_WARNING_DAYS * DAY_MS;
  const base = db
    .selectFrom('certs')
    .where('group_name', '=', q.groupName)
    .where((eb) =>
      eb.or([containsIgnoringCase('keypairname', q.search), containsIgnoringCase('common_name', q.search)]),
    )
    .where(itemFilters(q))
    .$if(q.expiry === 'expired', (qb) => qb.where('validity_end', '<', now))
    .$if(q.expiry === 'expiring', (qb) => qb.where('validity_end', '>=', now).where('validity_end', '<', warnFrom))
    .$if(q.expiry === 'valid', (qb) => qb.where('validity_end', '>=', warnFrom));
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('keypairname')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

export async function findCertRow(db: Db, id: string) {
  return db.selectFrom('certs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A certificate of the group by name, with the names it covers. */
export async function findCertByName(db: Db, groupName: string, keypairname: string) {
  return db
    .selectFrom('certs')
    .select(['id', 'common_name', 'san'])
    .where('group_name', '=', groupName)
    .where('keypairname', '=', keypairname)
    .executeTakeFirst();
}

export async function countCerts(db: Db, groupName: string): Promise<number> {
  const row = await db
    .selectFrom('certs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_name', '=', groupName)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCertRow(db: Db, row: Insertable<CertsTable>): Promise<void> {
  await db.insertInto('certs').values(row).execute();
}
