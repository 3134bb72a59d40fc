import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_PERIOD_MIN, GROUP_API, HTML_PAGE_API, ridBlock, SERVICE_LINE_API, WAF_RULE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storedOf } from '../ingest/fixtures.js';
import type { LogShipper } from '../../src/modules/edge/shipper/log-shipper.js';
import {
  edgeRequest,
  NGINX,
  startEdgeApp,
  startOrigin,
  startShipping,
  type EdgeTestApp,
  type TestOrigin,
} from './edge-fixtures.js';

/**
 * Issue 14 item 6, the firewall's part: rules acting on real requests through nginx. One app and
 * one edge; each rule on a line of its own domain, all deployed together.
 */
interface LogRecord {
  req_id: string;
  host: string;
  rule: string;
  action: string;
  status: number;
  isp: string;
  country: string;
  client_ip: string;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!existsSync(NGINX))('firewall rules through real nginx', () => {
  let t: EdgeTestApp;
  let owner: Account;
  let origin: TestOrigin;
  let shipper: LogShipper;
  const group = 'edgerules';
  const port = () => t.offset + 80;
  const get = (host: string, requestPath = '/', localAddress?: string) =>
    edgeRequest({ port: port(), host, path: requestPath, ...(localAddress ? { localAddress } : {}) });
  /** A request from `client`, as told by a trusted proxy (EDGE_REAL_IP_FROM is this machine). */
  const from = (host: string, client: string) =>
    edgeRequest({ port: port(), host, path: '/', headers: { 'x-forwarded-for': client } });
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };
  // The edge writes its log in batches (log.lua), so the file may not be there yet.
  const accessLog = async () =>
    (await readFile(path.join(t.config.edgeDir, 'nginx/run/access.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogRecord);

  /** The record a request left, once nginx has written it (the log phase ends after the answer). */
  const logged = async (which: (record: LogRecord) => boolean) => {
    for (let i = 0; i < 40; i++) {
      const record = (await accessLog()).find(which);
      if (record) return record;
      await sleep(50);
    }
    return undefined;
  };

  beforeAll(async () => {
    t = await startEdgeApp('sqlite', { EDGE_REAL_IP_FROM: '127.0.0.1' });
    owner = await signUpConfirmed(t, group);
    origin = await startOrigin();
    const admin = await signedInAdmin(t);
    // The period action (08) is a pro action.
    ok(await admin.call('PATCH', fill(GROUP_API.group, { groupName: group }), { plan: 'pro', version: 1 }), 'plan');
    ok(
      await owner.client.post(HTML_PAGE_API.pages, {
        groupName: group,
        htmlPageName: 'sorry',
        content: '<!doctype html><html><body><h1>Not for you</h1></body></html>',
        fileName: 'sorry.html',
        ridPosition: 'bottomRight',
        ridColor: 'white',
      }),
      'page',
    );
    const rules: Array<[string, string, Record<string, unknown>]> = [
      ['deny.rules.test', 'deny_all', { wafAction: '01', wafDenyHtmlPageName: 'sorry' }],
      ['rate.rules.test', 'flood', { wafAction: '08', wafRate: '5/1', wafBucketTime: BLOCK_PERIOD_MIN }],
      [
        'redirect.rules.test',
        'moved',
        {
          wafAction: '06',
          wafIp: [],
          wafUri: ['^/old/'],
          wafRedirectHttpCode: 301,
          wafRedirectUrl: 'https://new.example.com/',
        },
      ],
      ['country.rules.test', 'no_cn', { wafAction: '01', wafIp: [], wafCountry: ['CN'] }],
      // Typed in another case than the database spells it: ISPs match in any case.
      ['isp.rules.test', 'no_mobile', { wafAction: '01', wafIp: [], wafIsp: ['example mobile gmbh'] }],
      ['crs.rules.test', 'no_sqli', { wafAction: '01', wafIp: [], wafOwasp: ['41000_sqli'] }],
    ];
    for (const [domain, ruleName, body] of rules) {
      ok(await owner.client.post(WAF_RULE_API.rules, { groupName: group, ruleName, ...body }), ruleName);
      ok(
        await owner.client.post(SERVICE_LINE_API.create, {
          groupName: group,
          appProfileName: domain.replace('.test', ''),
          customerPackage: 'standard',
          servername: [domain],
          origins: [{ address: origin.address }],
          usedWafRules: [{ value: ruleName }],
        }),
        domain,
      );
    }
    await t.deploy();
    shipper = await startShipping(t);
  }, 90_000);
  afterAll(async () => {
    await shipper?.stop();
    await t?.stopAll();
    await origin?.close();
  });

  it('a deny rule answers 403 with its deny page, the request id drawn where and how the page says', async () => {
    const answer = await get('deny.rules.test');
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('<h1>Not for you</h1>');
    const block = ridBlock('bottomRight', 'white', { rid: 'RID0', timestamp: 'TIME0', ip: 'ADDR0' });
    const pattern = escapeRe(block)
      .replace('RID0', '([0-9a-f]{32})')
      .replace('TIME0', '[^<]+')
      .replace('ADDR0', '127\\.0\\.0\\.1');
    const rid = new RegExp(pattern).exec(answer.body)?.[1];
    expect(rid, answer.body).toBeDefined();
    // The id on the page is the request's own: the access log has it with the rule that denied.
    expect(await logged((r) => r.req_id === rid)).toMatchObject({
      host: 'deny.rules.test',
      rule: 'deny_all',
      action: '01',
      status: 403,
    });
  });

  it('a rate rule blocks the client for the block period, then lets it back', async () => {
    const statuses: number[] = [];
    while (statuses.length < 30 && !statuses.includes(403)) statuses.push((await get('rate.rules.test')).status);
    const blockedAt = Date.now();
    // Five a second are allowed; the sixth within the second is over the rate.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(403);
    // Halfway through the period one request is far below the rate, and still refused.
    await sleep(BLOCK_PERIOD_MIN * 500);
    expect((await get('rate.rules.test')).status).toBe(403);
    await sleep(blockedAt + BLOCK_PERIOD_MIN * 1000 + 300 - Date.now());
    const back = await get('rate.rules.test');
    expect(back.status).toBe(200);
    expect(back.headers['x-origin']).toBe('origin');
  }, 15_000);

  it('a redirect rule redirects, and only the paths it names', async () => {
    const moved = await get('redirect.rules.test', '/old/page');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('https://new.example.com/');
    expect((await get('redirect.rules.test', '/new/page')).status).toBe(200);
  });

  it('a country rule applies by the test GeoIP database: 11.0.0.2 is CN, 11.0.0.3 is DE', async () => {
    expect((await from('country.rules.test', '11.0.0.2')).status).toBe(403);
    const german = await from('country.rules.test', '11.0.0.3');
    expect(german.status).toBe(200);
    expect(german.headers['x-origin']).toBe('origin');
    // The database says 127.0.0.2 is CN, but a loopback client has no country, as in ingest.
    expect((await get('country.rules.test', '/', '127.0.0.2')).status).toBe(200);
  });

  it('an ISP rule applies by the test ISP database: 11.0.0.5 is Example Mobile GmbH, 11.0.0.3 another ISP', async () => {
    expect((await from('isp.rules.test', '11.0.0.5')).status).toBe(403);
    const other = await from('isp.rules.test', '11.0.0.3');
    expect(other.status).toBe(200);
    expect(other.headers['x-origin']).toBe('origin');
    // The database names 10.9.9.0/24 and 198.51.100.0/24, but neither is public: no ISP, no country.
    expect((await from('isp.rules.test', '10.9.9.9')).status).toBe(200);
    expect((await from('isp.rules.test', '198.51.100.7')).status).toBe(200);
    await logged((r) => r.host === 'isp.rules.test' && r.client_ip === '198.51.100.7');
    const records = (await accessLog()).filter((r) => r.host === 'isp.rules.test');
    expect(records.map((r) => [r.client_ip, r.status, r.rule, r.isp, r.country])).toEqual([
      ['11.0.0.5', 403, 'no_mobile', 'Example Mobile GmbH', ''],
      ['11.0.0.3', 200, '', 'Example Telecom', 'DE'],
      ['10.9.9.9', 200, '', '', ''],
      ['198.51.100.7', 200, '', '', ''],
    ]);
  });

  it('CRS flags an SQL injection probe for a line whose rule asks for 41000_sqli; a plain request passes', async () => {
    const probe = await get('crs.rules.test', "/search?id=1'%20OR%20'1'='1");
    expect(probe.status).toBe(403);
    const plain = await get('crs.rules.test', '/search?id=42');
    expect(plain.status).toBe(200);
    // The edge's second pass after CRS carries a marker the origin never sees.
    expect(Object.keys(JSON.parse(plain.body).headers as object).filter((h) => h.startsWith('x-parapet'))).toEqual([]);
    await logged((r) => r.host === 'crs.rules.test' && r.status === 200);
    const records = (await accessLog()).filter((r) => r.host === 'crs.rules.test');
    expect(records.map((r) => [r.status, r.rule])).toEqual([
      [403, 'no_sqli'],
      [200, ''],
    ]);
  });

  it('each of those requests is in the event log with its rule and action within 5 s', async () => {
    const acted = async () => {
      const found = new Map<string, { rule: string; action: string; status: number }>();
      for (const e of await storedOf(t, group)) if (e.rule) found.set(`${e.host} ${e.rule} ${e.action} ${e.status}`, e);
      return [...found.keys()].sort();
    };
    await expect
      .poll(acted, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          'country.rules.test no_cn 01 403',
          'crs.rules.test no_sqli 01 403',
          'deny.rules.test deny_all 01 403',
          'isp.rules.test no_mobile 01 403',
          'rate.rules.test flood 08 403',
          'redirect.rules.test moved 06 301',
        ]),
      );
    // The ISP the edge read is the one stored (ingest fills an ISP only where the edge sent none).
    const blocked = (await storedOf(t, group)).find((e) => e.host === 'isp.rules.test' && e.status === 403);
    expect(blocked?.isp).toBe('Example Mobile GmbH');
  });
});
