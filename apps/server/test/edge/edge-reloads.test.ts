import { existsSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API, WAF_RULE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { NGINX, startEdgeApp, startOrigin, type EdgeTestApp, type TestOrigin } from './edge-fixtures.js';

/**
 * Issue 14 item 3, last sentence: twenty deploys during steady load drop no request. A few loops
 * send requests through the edge on loopback, some on one kept-alive connection each and some on
 * a fresh connection every time, while twenty saves are published one after another: saves that
 * change nginx's files (a reload each), then rule changes that travel as data (no reload).
 */

const KEEP_ALIVE_LOOPS = 2;
const FRESH_LOOPS = 2;
/** The pause between one loop's requests: about 150 requests a second a loop, a few thousand in all. */
const PAUSE_MS = 5;
const DEPLOYS = 20;
/** Load between deploys, so each meets requests already under way. */
const GAP_MS = 150;

interface LoadResult {
  total: number;
  statuses: Record<number, number>;
  errors: string[];
  /** Requests sent again on a new connection after a kept-alive one closed before any answer. */
  retried: number;
}

/**
 * Request loops through the edge until stopped; every answer and failure is counted. A request
 * on a reused kept-alive connection that closes before any byte of an answer is sent once more
 * on a new connection, as RFC 9112 §9.3.1 lets a client do (browsers and curl do): nginx closes
 * idle kept-alive connections when a reload retires its old workers, and a request already on
 * its way meets the close (docs/edge-bench.md, "Reloads and kept-alive connections").
 */
function steadyLoad(port: number, host: string): { stop(): Promise<LoadResult> } {
  const result: LoadResult = { total: 0, statuses: {}, errors: [], retried: 0 };
  let running = true;
  const one = (agent: http.Agent | false, n: number): Promise<void> =>
    new Promise<void>((resolve) => {
      let answered = false;
      const req = http.get({ host: '127.0.0.1', port, path: `/load/${n}`, headers: { host }, agent }, (res) => {
        answered = true;
        res.resume();
        res.on('end', () => {
          result.statuses[res.statusCode ?? 0] = (result.statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
        res.on('error', (error) => {
          result.errors.push(error.message);
          resolve();
        });
      });
      req.setTimeout(5000, () => req.destroy(new Error('timed out')));
      req.on('error', (error) => {
        if (req.reusedSocket && !answered) {
          result.retried++;
          resolve(one(false, n));
          return;
        }
        result.errors.push(`${agent ? 'keep-alive' : 'fresh'}: ${error.message}`);
        resolve();
      });
    });
  const loop = async (agent: http.Agent | false) => {
    for (let n = 0; running; n++) {
      result.total++;
      await one(agent, n);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    if (agent) agent.destroy();
  };
  const loops = [
    ...Array.from({ length: KEEP_ALIVE_LOOPS }, () => loop(new http.Agent({ keepAlive: true, maxSockets: 1 }))),
    ...Array.from({ length: FRESH_LOOPS }, () => loop(false)),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return result;
    },
  };
}

describe.skipIf(!existsSync(NGINX))('deploys under steady load', () => {
  let t: EdgeTestApp;
  let owner: Account;
  let origin: TestOrigin;
  const group = 'edgereloads';
  const line = 'steady.example';
  const host = 'steady.example.com';

  const health = async () =>
    (await (await fetch(`http://127.0.0.1:${t.config.edge.controlPort}/health`)).json()) as {
      generation: string;
      data: string;
    };
  const saveLine = async (changes: Record<string, unknown>) => {
    const current = (
      await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: group, appProfileName: line }))
    ).json();
    const saved = await owner.client.post(SERVICE_LINE_API.update, { ...current, ...changes });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** Deploys twenty changes under load, one after another; the edge's health after each. */
  const deployUnderLoad = async (change: (i: number) => Promise<void>) => {
    const load = steadyLoad(t.offset + 80, host);
    const seen = [await health()];
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < DEPLOYS; i++) {
      await change(i);
      await t.deploy();
      seen.push(await health());
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    return { result: await load.stop(), seen };
  };

  beforeAll(async () => {
    t = await startEdgeApp('sqlite');
    owner = await signUpConfirmed(t, group);
    origin = await startOrigin();
    const made = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: line,
      customerPackage: 'standard',
      servername: [host],
      origins: [{ address: origin.address }],
    });
    expect(made.statusCode, made.body).toBe(200);
    await t.deploy();
  }, 60_000);
  afterAll(async () => {
    await t?.stopAll();
    await origin?.close();
  });

  it('twenty saves that reload nginx drop no request', { timeout: 60_000 }, async () => {
    // Each save changes one setting that lives in nginx's own files, so each is a reload.
    const steps = [{ maxUploadSize: 20 }, { upstreamTimeout: 120 }, { maxUploadSize: 1 }, { upstreamTimeout: 60 }];
    const { result, seen } = await deployUnderLoad((i) => saveLine(steps[i % steps.length]!));
    expect(result.errors).toEqual([]);
    expect(result.statuses).toEqual({ 200: result.total });
    expect(result.total).toBeGreaterThan(1000);
    // At most one retry per kept-alive connection and reload.
    expect(result.retried).toBeLessThanOrEqual(KEEP_ALIVE_LOOPS * DEPLOYS);
    // Every deploy was a reload: a new generation each time.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.generation).not.toBe(seen[i - 1]!.generation);
    expect(new Set(seen.map((h) => h.generation)).size).toBe(DEPLOYS + 1);
  });

  it('twenty rule changes travel as data, without a reload, and drop no request', { timeout: 60_000 }, async () => {
    const made = await owner.client.post(WAF_RULE_API.rules, {
      groupName: group,
      ruleName: 'deny_probe',
      wafAction: '01',
      wafUri: ['^/probe-start'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const ruleId = (made.json() as { id: string }).id;
    await saveLine({ usedWafRules: [{ value: 'deny_probe' }] });
    await t.deploy();
    const { result, seen } = await deployUnderLoad(async (i) => {
      const rule = (await owner.client.get(fill(WAF_RULE_API.rule, { id: ruleId }))).json() as Record<string, unknown>;
      const saved = await owner.client.put(fill(WAF_RULE_API.rule, { id: ruleId }), {
        ...rule,
        wafUri: [`^/probe-${i}`],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(result.errors).toEqual([]);
    expect(result.statuses).toEqual({ 200: result.total });
    expect(result.total).toBeGreaterThan(1000);
    // Nothing closed a kept-alive connection: no request needed sending again.
    expect(result.retried).toBe(0);
    // No reload, but new data each time.
    expect(new Set(seen.map((h) => h.generation)).size).toBe(1);
    expect(new Set(seen.map((h) => h.data)).size).toBe(DEPLOYS + 1);
    const probe = (path: string) =>
      new Promise<number>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port: t.offset + 80, path, headers: { host }, agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject),
      );
    expect(await probe(`/probe-${DEPLOYS - 1}`)).toBe(403);
    expect(await probe('/probe-0')).toBe(200);
  });
});
