// What bench/api.bench.mjs measures against: service lines made through the API, events sent
// through the ingest endpoint by the simulator, and then many more lines copied straight into
// the SQLite file.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in client of the console's API: the admin's cookie and the console's CSRF header. */
export async function signIn(base, username, password) {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'parapet' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'parapet' };
  const call = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { cookie, headers, call };
}

/**
 * `count` lines in the default group through the real write path (validation, task, deploy
 * worker), each with one domain and one origin, waited on until every one is Running. The
 * group goes on the enterprise plan first so the quota does not stop the run.
 */
export async function createLines(client, count) {
  const groups = await client.call('GET', '/api/groups');
  const group = (Array.isArray(groups) ? groups : groups.items).find((g) => g.name === 'default');
  await client.call('PATCH', '/api/groups/default', { plan: 'enterprise', version: group.version });
  for (let n = 1; n <= count; n++) {
    const id = String(n).padStart(4, '0');
    await client.call('POST', '/api/table/rcm-app-profiles/update/create', {
      groupName: 'default',
      appProfileName: `bench${id}.line`,
      customerPackage: 'standard',
      servername: [`bench${id}.example.com`],
      origins: [{ address: `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}` }],
    });
  }
  for (;;) {
    const page = await client.call('GET', `/api/service-lines?groupName=default&pageSize=100`);
    if (page.total >= count && page.items.every((line) => line.status === 'Running')) return page.items;
    await sleep(100);
  }
}

/** An ingest token, then `events` simulated events over the last six hours sent through ingest. */
export async function ingestEvents(client, root, env, base, events) {
  const { token } = await client.call('POST', '/api/admin/ingest-tokens', { name: 'bench' });
  execFileSync(
    'npx',
    ['tsx', 'src/tools/simulate/cli.ts', '--events', String(events), '--span', '6h', '--url', base, '--token', token],
    { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/**
 * Copies of one line made through the API, straight into the SQLite file while the server runs
 * (WAL lets it): each with its own id, name, CNAME target and domain, Running, in one
 * transaction. Quotas and deploy tasks are skipped on purpose: only the store's size matters.
 */
export function copyLines(dataDir, count) {
  const file = new BetterSqlite3(path.join(dataDir, 'parapet.db'));
  file.pragma('busy_timeout = 5000');
  try {
    const line = file.prepare('select * from service_lines order by app_profile_name limit 1').get();
    const domain = file.prepare('select * from line_domains where line_id = ?').get(line.id);
    const insertRow = (table, row) =>
      file
        .prepare(`insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row).map(() => '?')})`)
        .run(...Object.values(row));
    const settings = JSON.parse(line.settings);
    file.transaction(() => {
      for (let n = 1; n <= count; n++) {
        const id = randomUUID();
        const name = `copy${String(n).padStart(5, '0')}.line`;
        const host = `copy${String(n).padStart(5, '0')}.example.com`;
        insertRow('service_lines', {
          ...line,
          id,
          app_profile_name: name,
          settings: JSON.stringify({ ...settings, servername: [host] }),
          cnameto: `${randomBytes(8).toString('hex')}.${line.cnameto.split('.').slice(1).join('.')}`,
        });
        insertRow('line_domains', { ...domain, domain: host, line_id: id });
      }
    })();
    file.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    file.close();
  }
}

/** Takes the copies of `copyLines` out again, so the same server can be measured with either store. */
export function removeCopies(dataDir) {
  const file = new BetterSqlite3(path.join(dataDir, 'parapet.db'));
  file.pragma('busy_timeout = 5000');
  try {
    const copies = "select id from service_lines where app_profile_name like 'copy%.line'";
    file.transaction(() => {
      file.prepare(`delete from line_domains where line_id in (${copies})`).run();
      file.prepare(`delete from service_lines where id in (${copies})`).run();
    })();
    file.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    file.close();
  }
}
