import { UBIGINT, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { ADDRESS_KEY_COLUMNS, ADDRESS_KEY_TYPE, addressKey, addressText } from './duckdb-address.js';
import { EVENTS_TABLE } from './duckdb-schema.js';

/** About how many events one step of the upgrade rewrites: a whole 10M-event table at once ran out of its 256 MB. */
const UPGRADE_STEP_EVENTS = 500_000;

/**
 * A file written before the events table held addresses as numbers (duckdb-address.ts): the
 * columns are added, and every address is given its number and written in its canonical
 * spelling, as the file is opened. The work is per distinct address, then one UPDATE per slice
 * of time of about UPGRADE_STEP_EVENTS events, each its own transaction. What is done is the
 * rows whose number is set, so an upgrade cut short goes on where it stopped the next time the
 * file is opened. An address that is none (only a caller that skipped the record's validation
 * could have stored one) keeps its text and no number. The rollups by address are then of an
 * older layout, and are summed again from these columns (openDuckDbEventStore).
 */
export async function addAddressKeys(connection: DuckDBConnection, eventColumns: readonly string[]): Promise<void> {
  const [hi, lo] = ADDRESS_KEY_COLUMNS;
  for (const name of ADDRESS_KEY_COLUMNS) {
    if (eventColumns.some((column) => column.startsWith(`${name} `))) continue;
    await connection.run(`ALTER TABLE ${EVENTS_TABLE} ADD COLUMN "${name}" ${ADDRESS_KEY_TYPE}`);
  }
  const pending = (
    await connection.runAndReadAll(
      `SELECT count(*), min("timestamp"), max("timestamp") FROM ${EVENTS_TABLE} WHERE "${hi}" IS NULL`,
    )
  ).getRowsJS()[0]!;
  const count = Number(pending[0]);
  if (count === 0) return;
  const distinct = await connection.runAndReadAll(
    `SELECT DISTINCT "client_ip" FROM ${EVENTS_TABLE} WHERE "${hi}" IS NULL`,
  );
  await connection.run(
    `CREATE TEMP TABLE address_upgrade (stored VARCHAR NOT NULL, canonical VARCHAR NOT NULL, hi UBIGINT NOT NULL, lo UBIGINT NOT NULL)`,
  );
  try {
    const appender = await connection.createAppender('address_upgrade');
    try {
      for (const [stored] of distinct.getRowsJS()) {
        const text = String(stored);
        const key = addressKey(text);
        if (!key) continue;
        appender.appendValue(text, VARCHAR);
        appender.appendValue(addressText(key[0], key[1]), VARCHAR);
        appender.appendValue(key[0], UBIGINT);
        appender.appendValue(key[1], UBIGINT);
        appender.endRow();
      }
    } finally {
      appender.closeSync();
    }
    const first = Number(pending[1]);
    const last = Number(pending[2]);
    const step = Math.max(1, Math.ceil(((last - first + 1) * UPGRADE_STEP_EVENTS) / count));
    for (let from = first; from <= last; from += step) {
      const slice = `${EVENTS_TABLE}."timestamp" >= ${BigInt(from)} AND ${EVENTS_TABLE}."timestamp" < ${BigInt(from + step)}`;
      // The text first, only where its spelling was another; the number last, as the mark of done.
      await connection.run(
        `UPDATE ${EVENTS_TABLE} SET "client_ip" = u.canonical FROM address_upgrade u
         WHERE ${EVENTS_TABLE}."client_ip" = u.stored AND u.stored <> u.canonical AND ${slice} AND "${hi}" IS NULL`,
      );
      await connection.run(
        `UPDATE ${EVENTS_TABLE} SET "${hi}" = u.hi, "${lo}" = u.lo
         FROM (SELECT DISTINCT canonical, hi, lo FROM address_upgrade) u WHERE ${EVENTS_TABLE}."client_ip" = u.canonical AND ${slice} AND "${hi}" IS NULL`,
      );
    }
  } finally {
    await connection.run('DROP TABLE address_upgrade');
  }
}
