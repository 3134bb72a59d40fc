import { readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CERT_API, HTML_PAGE_API, ORIGIN_POLICY_API, TASK_API, type DeployEntity } from '@parapet/shared';
import { setReferences } from '../../src/core/references.repository.js';
import { createDeployWorker } from '../../src/modules/deploy/worker.js';
import { enqueueDeploy } from '../../src/core/enqueue.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { storeKinds } from '../helpers/stores.js';

let c: TestCerts;
beforeAll(() => {
  c = makeTestCerts();
});

/** The three deployable items, each made through its own API. */
const KINDS: Array<{
  entity: DeployEntity;
  collection: string;
  item: string;
  deploying: string;
  body: (group: string) => Record<string, unknown>;
  save: (made: Record<string, unknown>) => Record<string, unknown>;
}> = [
  {
    entity: 'cert',
    collection: CERT_API.certs,
    item: CERT_API.cert,
    deploying: 'CERT_DEPLOYING',
    body: (groupName) => ({ groupName, keypairname: 'shop', pem: c.leafPem, key: c.leafKey }),
    save: (made) => ({ pem: c.leafPem, key: c.leafKey, version: made.version }),
  },
  {
    entity: 'origin-policy',
    collection: ORIGIN_POLICY_API.policies,
    item: ORIGIN_POLICY_API.policy,
    deploying: 'ORIGIN_POLICY_DEPLOYING',
    body: (groupName) => ({ groupName, policyName: 'web_pool', origins: [{ address: '10.0.0.1' }] }),
    save: (made) => ({ policyName: 'web_pool', origins: [{ address: '10.0.0.2' }], version: made.version }),
  },
  {
    entity: 'html-page',
    collection: HTML_PAGE_API.pages,
    item: HTML_PAGE_API.page,
    deploying: 'HTML_PAGE_DEPLOYING',
    body: (groupName) => ({ groupName, htmlPageName: 'sorry', content: '<html><body><h1>Sorry</h1></body></html>' }),
    save: (made) => ({ content: '<p>changed</p>', version: made.version }),
  },
];

describe.each(storeKinds)('deploying on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const start = async (deployWorker: boolean) => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: String(deployWorker) } });
    owner = await signUpConfirmed(t, 'deployer');
  };
  afterEach(() => t.close());

  describe.each(KINDS)('$entity', (k) => {
    it('shows Deploying until its task ends, refuses changes meanwhile, then shows Running', async () => {
      await start(false);
      const made = await owner.client.post(k.collection, k.body(owner.username));
      expect(made.json()).toMatchObject({ status: 'Deploying' });
      const url = fill(k.item, { id: made.json().id });
      const change = await owner.client.put(url, k.save(made.json()));
      expect(change.statusCode).toBe(409);
      expect(change.json()).toMatchObject({ code: k.deploying });
      expect((await owner.client.delete(url)).json()).toMatchObject({ code: k.deploying });

      const task = await t.store.db
        .selectFrom('deploy_tasks')
        .selectAll()
        .where('entity_id', '=', made.json().id)
        .executeTakeFirstOrThrow();
      expect((await owner.client.get(fill(TASK_API.task, { taskNo: task.task_no }))).json()).toMatchObject({
        state: 'queued',
        entity: k.entity,
        operation: 'publish',
      });
      const emitted = vi.spyOn(t.app.realtime, 'emitToGroup');
      await t.app.deploy.drain();
      expect((await owner.client.get(url)).json()).toMatchObject({ status: 'Running', lastError: null });
      expect((await owner.client.get(fill(TASK_API.task, { taskNo: task.task_no }))).json()).toMatchObject({
        state: 'succeeded',
        error: null,
      });
      // The event goes out once the task's current group is looked up.
      await vi.waitFor(() =>
        expect(emitted).toHaveBeenCalledWith(
          expect.objectContaining({ name: 'deployer' }),
          'task.updated',
          expect.objectContaining({ taskNo: task.task_no, state: 'succeeded', entity: k.entity }),
        ),
      );

      const saved = await owner.client.put(url, k.save(made.json()));
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ status: 'Deploying' });
    });

    it('refuses to delete an item a service line uses, naming the line; deletes it once unused', async () => {
      await start(true);
      const made = (await owner.client.post(k.collection, k.body(owner.username))).json();
      await t.app.deploy.drain();
      const line = { groupName: owner.username, entity: 'service-line', id: 'line-1', name: 'shop_line' };
      await t.store.db.transaction().execute((trx) => setReferences(trx, line, [{ entity: k.entity, id: made.id }]));
      const url = fill(k.item, { id: made.id });
      const refused = await owner.client.delete(url);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'IN_USE', message: 'is used by service', usedBy: ['shop_line'] });
      expect((await owner.client.get(url)).json()).toMatchObject({ usedBy: ['shop_line'] });

      await t.store.db.transaction().execute((trx) => setReferences(trx, line, []));
      expect((await owner.client.delete(url)).statusCode).toBe(200);
      expect((await owner.client.get(url)).statusCode).toBe(404);
    });
  });

  it('writes what the edge serves under DATA_DIR/edge, the key readable by the server only, and removes it on delete', async () => {
    await start(false);
    const made = (await owner.client.post(CERT_API.certs, KINDS[0]!.body(owner.username))).json();
    await t.app.deploy.drain();
    const dir = path.join(t.dataDir, 'edge', 'certs');
    expect((await readFile(path.join(dir, `${made.id}.key`), 'utf8')).trim()).toBe(c.leafKey.trim());
    expect((await stat(path.join(dir, `${made.id}.key`))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dir, `${made.id}.pem`), 'utf8')).toContain('BEGIN CERTIFICATE');

    const page = (
      await owner.client.post(HTML_PAGE_API.pages, {
        groupName: owner.username,
        htmlPageName: 'sorry',
        content: '<html><body><h1>Sorry</h1></body></html>',
        ridPosition: 'bottomRight',
        ridColor: 'white',
      })
    ).json();
    await t.app.deploy.drain();
    const served = await readFile(path.join(t.dataDir, 'edge', 'html-pages', `${page.id}.html`), 'utf8');
    expect(served).toContain('bottom:0;right:0;');
    expect(served).toContain('color:white;');
    expect(served).toContain('$request_id');

    expect((await owner.client.delete(fill(CERT_API.cert, { id: made.id }))).statusCode).toBe(200);
    await t.app.deploy.drain();
    await expect(stat(path.join(dir, `${made.id}.key`))).rejects.toThrow();
    const removal = await t.store.db
      .selectFrom('deploy_tasks')
      .selectAll()
      .where('entity_id', '=', made.id)
      .where('operation', '=', 'remove')
      .executeTakeFirstOrThrow();
    expect(removal.state).toBe('succeeded');
  });

  it('keeps the previous version live and says why when a task fails, without a path in the reason', async () => {
    await start(false);
    // A file where the policies' folder should be: every write under it fails.
    await mkdir(path.join(t.dataDir, 'edge'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'edge', 'origin-policies'), 'in the way');
    const made = (await owner.client.post(ORIGIN_POLICY_API.policies, KINDS[1]!.body(owner.username))).json();
    await t.app.deploy.drain();
    const after = (await owner.client.get(fill(ORIGIN_POLICY_API.policy, { id: made.id }))).json();
    expect(after.status).toBe('Running');
    expect(after.lastError).toBe('edge_apply_failed');
    const task = await t.store.db
      .selectFrom('deploy_tasks')
      .selectAll()
      .where('entity_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('hides a task from a member of another group', async () => {
    await start(true);
    const made = (await owner.client.post(HTML_PAGE_API.pages, KINDS[2]!.body(owner.username))).json();
    const task = await t.store.db
      .selectFrom('deploy_tasks')
      .select('task_no')
      .where('entity_id', '=', made.id)
      .executeTakeFirstOrThrow();
    const stranger = await signUpConfirmed(t, 'stranger');
    expect((await stranger.client.get(fill(TASK_API.task, { taskNo: task.task_no }))).statusCode).toBe(404);
    expect((await owner.client.get(fill(TASK_API.task, { taskNo: 'no-such-task' }))).statusCode).toBe(404);
  });

  it('lets several workers share the queue without running a task twice', async () => {
    await start(false);
    const made = (await owner.client.post(ORIGIN_POLICY_API.policies, KINDS[1]!.body(owner.username))).json();
    await t.app.deploy.drain();
    // Many tasks queued at once, then four workers (as four servers would) drain side by side.
    await t.store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 24; i += 1)
        await enqueueDeploy(trx, {
          groupName: owner.username,
          entity: 'origin-policy',
          entityId: made.id,
          entityName: 'web_pool',
          operation: 'publish',
        });
    });
    const log = { warn: () => undefined };
    const workers = ['a', 'b', 'c', 'd'].map((owner) =>
      createDeployWorker({ db: t.store.db, config: t.config, owner, emit: () => undefined, log }),
    );
    await Promise.all(workers.map((w) => w.drain()));
    const tasks = await t.store.db.selectFrom('deploy_tasks').selectAll().where('entity_id', '=', made.id).execute();
    expect(tasks).toHaveLength(25);
    expect(tasks.every((task) => task.state === 'succeeded' && task.attempts === 1)).toBe(true);
    expect((await owner.client.get(fill(ORIGIN_POLICY_API.policy, { id: made.id }))).json().status).toBe('Running');
  });

  it('keeps a task longer than its lease with the worker running it', async () => {
    // Seen across two servers (test/cluster): the lease was never renewed, so a task that ran
    // longer than it was claimed again by another server while its own was still at it.
    await start(false);
    const made = (await owner.client.post(ORIGIN_POLICY_API.policies, KINDS[1]!.body(owner.username))).json();
    const log = { warn: () => undefined };
    const slow = createDeployWorker({
      db: t.store.db,
      config: { ...t.config, edgeSettleMs: 2500 },
      owner: 'slow',
      emit: () => undefined,
      log,
      leaseMs: 1000,
    });
    const other = createDeployWorker({
      db: t.store.db,
      config: t.config,
      owner: 'other',
      emit: () => undefined,
      log,
      leaseMs: 1000,
      pollMs: 100,
    });
    const running = slow.drain();
    await vi.waitFor(async () => {
      const task = await t.store.db
        .selectFrom('deploy_tasks')
        .select('claimed_by')
        .where('entity_id', '=', made.id)
        .executeTakeFirst();
      expect(task?.claimed_by).toBe('slow');
    });
    other.start();
    try {
      await running;
    } finally {
      await other.stop();
    }
    const task = await t.store.db
      .selectFrom('deploy_tasks')
      .selectAll()
      .where('entity_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ state: 'succeeded', attempts: 1, claimed_by: 'slow' });
  });
});
