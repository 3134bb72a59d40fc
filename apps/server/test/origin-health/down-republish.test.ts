import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN_POLICY_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';

/**
 * The edge honours health results (issue 14 item 2; docs/edge.md, "Origins"): an origin that goes
 * down, or comes back, publishes its policy again, with the down origins listed for the compiler
 * (which leaves them out of the upstream).
 */
describe.each(storeKinds)('an origin going down on %s', (kind) => {
  let t: TestApp;
  let server: Server | undefined;
  afterEach(async () => {
    await t.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('publishes its policy again with the origin left out, and again when it is back', async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    const owner = await signUpConfirmed(t, 'healthgroup');
    server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const up = `127.0.0.1:${port}`;
    // A port nothing listens on: taken, then released.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const down = `127.0.0.1:${(spare.address() as AddressInfo).port}`;
    await new Promise((resolve) => spare.close(resolve));

    const made = await owner.client.post(ORIGIN_POLICY_API.policies, {
      groupName: 'healthgroup',
      policyName: 'web_pool',
      origins: [{ address: up }, { address: down }],
      healthCheckMode: 'tcp',
      healthCheckSuccess: 1,
      healthCheckFail: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };
    await t.app.deploy.drain();
    const record = async () =>
      JSON.parse(await readFile(path.join(t.config.edgeDir, 'origin-policies', `${id}.json`), 'utf8')) as {
        unhealthy: string[];
      };
    const publishes = async () =>
      (await t.store.db.selectFrom('deploy_tasks').select('task_no').where('entity_id', '=', id).execute()).length;
    expect((await record()).unhealthy).toEqual([]);
    const before = await publishes();

    const round = async () => {
      await t.store.db.updateTable('origin_health').set({ next_check_at: 0 }).execute();
      await t.app.healthChecks.tick();
      await t.app.deploy.drain();
    };
    await round();
    expect(await publishes()).toBe(before + 1);
    expect((await record()).unhealthy).toEqual([down]);
    // No change of health, no deployment.
    await round();
    expect(await publishes()).toBe(before + 1);

    // The origin comes back: published again, with nothing left out.
    const back = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => back.listen(Number(down.split(':')[1]), '127.0.0.1', resolve));
    try {
      await round();
      expect(await publishes()).toBe(before + 2);
      expect((await record()).unhealthy).toEqual([]);
    } finally {
      await new Promise((resolve) => back.close(resolve));
    }
  });
});
