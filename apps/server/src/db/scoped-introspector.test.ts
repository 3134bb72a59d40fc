import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestStore, TEST_DATABASE_URL } from '../../test/helpers/stores.js';

// Seen with two test workers: "Migration failed: schema "t_…" does not exist", because the
// migrator's table lookup read every schema of the database while another worker dropped one.
describe.runIf(TEST_DATABASE_URL)('opening a PostgreSQL store while other schemas come and go', () => {
  it('migrates in its own schema whatever happens to the others meanwhile', async () => {
    const churn = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await churn.connect();
    let stop = false;
    // Another worker's schemas, each with tables, made and dropped as fast as the server allows.
    const churning = (async () => {
      while (!stop) {
        const name = `churn_${randomBytes(6).toString('hex')}`;
        await churn.query(`create schema ${name}; create table ${name}.a (id serial primary key, b text)`);
        await churn.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const opened = await openTestStore('postgres');
        await opened.cleanup();
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(stop).toBe(true);
  }, 120_000);
});
