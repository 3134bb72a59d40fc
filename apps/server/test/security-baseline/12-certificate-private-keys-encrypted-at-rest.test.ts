import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CERT_API } from '@parapet/shared';
import { openSecret } from '../../src/lib/secret-box.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { storeKinds } from '../helpers/stores.js';

let c: TestCerts;
beforeAll(() => {
  c = makeTestCerts();
});

/** The base64 lines of a PEM key: any one of them found in the store would be the key in clear. */
const keyLines = (pem: string) => pem.split('\n').filter((line) => line.length > 0 && !line.startsWith('-----'));

describe.each(storeKinds)('private keys of certificates encrypted at rest (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  /** Every row of every table of the store, as text. */
  async function wholeStore(): Promise<string> {
    const tables =
      kind === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.store.db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(t.store.db);
    expect(tables.rows.map((r) => r.name)).toContain('certs');
    const dumps: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(t.store.db);
      dumps.push(JSON.stringify(rows.rows));
    }
    return dumps.join('\n');
  }

  it('an uploaded key, and its replacement, are stored sealed and appear nowhere in the store in clear', async () => {
    t = await buildTestApp(kind);
    const amy = await signUpConfirmed(t, 'amy');
    const made = await amy.client.post(CERT_API.certs, {
      groupName: 'amy',
      keypairname: 'shop',
      pem: c.leafPem,
      key: c.leafKey,
    });
    expect(made.statusCode).toBe(201);
    await t.app.deploy.drain();

    const sealedOf = async () =>
      (await t.store.db.selectFrom('certs').select('key_sealed').executeTakeFirstOrThrow()).key_sealed;
    const first = await sealedOf();
    expect(first).not.toContain('PRIVATE KEY');
    // Sealed with the server's secret key, so the edge can still be given the key it needs.
    expect(openSecret(t.config.secretKey, first).trim()).toBe(c.leafKey.trim());
    let store = await wholeStore();
    expect(store).not.toContain('PRIVATE KEY');
    for (const line of keyLines(c.leafKey)) expect(store).not.toContain(line);

    const replaced = await amy.client.put(fill(CERT_API.cert, { id: made.json().id }), {
      pem: c.chainPem,
      key: c.chainKey,
      version: made.json().version,
    });
    expect(replaced.statusCode).toBe(200);
    await t.app.deploy.drain();
    const second = await sealedOf();
    expect(openSecret(t.config.secretKey, second).trim()).toBe(c.chainKey.trim());
    store = await wholeStore();
    expect(store).not.toContain('PRIVATE KEY');
    for (const line of [...keyLines(c.leafKey), ...keyLines(c.chainKey)]) expect(store).not.toContain(line);
  });

  it('sealing is authenticated: a store read with another secret key does not give the key up', async () => {
    t = await buildTestApp(kind);
    const bob = await signUpConfirmed(t, 'bob');
    await bob.client.post(CERT_API.certs, { groupName: 'bob', keypairname: 'shop', pem: c.leafPem, key: c.leafKey });
    const { key_sealed } = await t.store.db.selectFrom('certs').select('key_sealed').executeTakeFirstOrThrow();
    expect(() => openSecret(Buffer.alloc(t.config.secretKey.length, 7), key_sealed)).toThrow();
  });
});
