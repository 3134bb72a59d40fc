import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_API,
  HTML_PAGE_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  WAF_RULE_API,
  wafCasesFileSchema,
} from '@parapet/shared';
import casesJson from '../../../../packages/shared/src/waf/cases.json';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { NGINX, startEdgeApp, type EdgeTestApp } from './edge-fixtures.js';
import { writeCountryMmdb, writeIspMmdb } from './fixtures/mmdb-writer.js';
import { namedResources, planCases, type CasePlan } from './conformance-plan.js';
import { rawRequest, type RawResponse } from './raw-client.js';

/**
 * Issue 14 item 5: the evaluator's case table replayed as real requests through nginx, one line
 * per case, all deployed at once. The cases the edge cannot replay are the table of
 * docs/edge-conformance.md, read from there so the page and the test never disagree.
 */
const file = wafCasesFileSchema.parse(casesJson);
const { plans, countries, isps } = planCases(file);
const DOC = path.resolve(__dirname, '../../../../docs/edge-conformance.md');

function notReplayed(): Map<string, string> {
  const text = readFileSync(DOC, 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Cases the edge cannot replay')) ?? '';
  const rows = section.split('\n').filter((l) => l.startsWith('|') && !/^\|\s*(Case|-+)\s*\|/.test(l));
  return new Map(
    rows.map((row) => {
      const [name = '', why = ''] = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [name.replace(/^`|`$/g, ''), why];
    }),
  );
}

/** An origin that echoes the request (as startOrigin does) and answers 1.5 MB under /downloads/. */
const BIG = 1_536 * 1024;
async function echoOrigin(name: string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/downloads/')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-origin': name });
        return res.end(Buffer.alloc(BIG, 97));
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-origin': name });
      res.end(JSON.stringify({ origin: name, url: req.url, headers: req.headers }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

const skipped = notReplayed();

const pageMarker = (page: string) => `conformance page ${page}`;

describe.skipIf(!existsSync(NGINX))('the edge answers every case of the evaluator table as the evaluator does', () => {
  let t: EdgeTestApp;
  let owner: Account;
  let scratch: string;
  const origins: Array<Awaited<ReturnType<typeof echoOrigin>>> = [];
  const answers = new Map<CasePlan, RawResponse>();
  const group = 'conformance';

  const errorLog = () => readFile(path.join(t.config.edgeDir, 'nginx/run/error.log'), 'utf8').catch(() => '');
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'parapet-conformance-'));
    const countryDb = path.join(scratch, 'countries.mmdb');
    await writeCountryMmdb(countryDb, countries);
    const asnDb = path.join(scratch, 'isps.mmdb');
    await writeIspMmdb(asnDb, isps);
    t = await startEdgeApp('sqlite', {
      GEOIP_COUNTRY_DB: countryDb,
      GEOIP_ASN_DB: asnDb,
      EDGE_REAL_IP_FROM: '127.0.0.1',
    });
    owner = await signUpConfirmed(t, group);
    const admin = await signedInAdmin(t);
    // Challenges (03, 07, 14) are enterprise actions.
    ok(
      await admin.call('PATCH', fill(GROUP_API.group, { groupName: group }), { plan: 'enterprise', version: 1 }),
      'plan',
    );
    const main = await echoOrigin('origin');
    const pool = await echoOrigin('policy');
    origins.push(main, pool);

    const { pages, policies } = namedResources(plans);
    // Listing makes the group's built-in default page, which deploys before it is edited.
    const listed = (await owner.client.get(`${HTML_PAGE_API.pages}?groupName=${group}`)).json().items as Array<{
      id: string;
      htmlPageName: string;
      version: number;
    }>;
    await t.deploy();
    for (const page of pages) {
      const content = `<!doctype html><html><body><p>${pageMarker(page)}</p></body></html>`;
      const builtIn = listed.find((p) => p.htmlPageName === page);
      ok(
        builtIn
          ? await owner.client.put(fill(HTML_PAGE_API.page, { id: builtIn.id }), { content, version: builtIn.version })
          : await owner.client.post(HTML_PAGE_API.pages, {
              groupName: group,
              htmlPageName: page,
              content,
              fileName: `${page}.html`,
            }),
        `page ${page}`,
      );
    }
    for (const policyName of policies)
      ok(
        await owner.client.post(ORIGIN_POLICY_API.policies, {
          groupName: group,
          policyName,
          origins: [{ address: pool.address }],
        }),
        `policy ${policyName}`,
      );
    const made = new Set<string>();
    for (const testCase of file.cases)
      for (const entry of testCase.line) {
        const rule = typeof entry === 'string' ? entry : entry.rule;
        const body = typeof rule === 'string' ? { ...file.rules[rule], ruleName: rule } : rule;
        if (made.has(body.ruleName)) continue;
        made.add(body.ruleName);
        ok(await owner.client.post(WAF_RULE_API.rules, { groupName: group, ...body }), `rule ${body.ruleName}`);
      }
    const lines = new Map<string, CasePlan[]>();
    for (const plan of plans) lines.set(plan.lineKey, [...(lines.get(plan.lineKey) ?? []), plan]);
    // Lines that load CRS last: once one does, every check and reload of nginx parses CRS.
    const usesCrs = (line: CasePlan[]) => line[0]!.line.some((rule) => rule.isEnabled && rule.wafOwasp.length);
    const ordered = [...lines.values()].sort((a, b) => Number(usesCrs(a)) - Number(usesCrs(b)));
    for (const [i, line] of ordered.entries())
      ok(
        await owner.client.post(SERVICE_LINE_API.create, {
          groupName: group,
          appProfileName: `line-${i}.conformance`,
          customerPackage: 'standard',
          servername: line.map((plan) => plan.host),
          scheme: ['http', 'https'],
          origins: [{ address: main.address }],
          usedWafRules: line[0]!.line.map((rule) => ({ value: rule.ruleName, isEnabled: rule.isEnabled })),
        }),
        `line ${i}`,
      );
    await t.deploy();
    await sendAll().catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${(await errorLog()).slice(-3000)}`);
    });
  }, 120_000);

  async function sendAll() {
    for (const plan of plans) {
      if (skipped.has(plan.testCase.name)) continue;
      const request = {
        port: t.offset + (plan.https ? 443 : 80),
        https: plan.https,
        host: plan.host,
        method: plan.method,
        target: plan.target,
        headers: plan.headers,
      };
      for (let i = 0; i < plan.before; i++) await rawRequest(request);
      answers.set(plan, await rawRequest(request));
    }
  }

  afterAll(async () => {
    await t?.stopAll();
    await Promise.all(origins.map((o) => o.close()));
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('lists in docs/edge-conformance.md only cases of the table, each with a reason', () => {
    const names = new Set(file.cases.map((c) => c.name));
    for (const [name, why] of skipped) {
      expect(names.has(name), name).toBe(true);
      expect(why.length, name).toBeGreaterThan(10);
    }
  });

  for (const plan of plans) {
    const { name } = plan.testCase;
    it.skipIf(skipped.has(name))(name, async () => {
      // The replay keeps the case's meaning: the facts as sent give the case's own outcome.
      expect(plan.expected).toEqual(plan.caseOutcome);
      const answer = answers.get(plan)!;
      const outcome = plan.expected;
      const why = `${answer.status} ${answer.body.slice(0, 300)}\n${(await errorLog()).slice(-2000)}`;
      expect(answer.status, why).toBe(outcome.status);
      const fromOrigin = answer.headers['x-origin'];
      if (outcome.kind === 'pass') {
        expect(fromOrigin, why).toBe(outcome.originPolicy ? 'policy' : 'origin');
        if (!plan.target.startsWith('/downloads/')) {
          const seen = JSON.parse(answer.body) as { headers: IncomingHttpHeaders };
          for (const { name: header, value } of outcome.requestHeaders)
            expect(seen.headers[header.toLowerCase()]).toBe(value);
        }
      } else expect(fromOrigin, why).toBeUndefined();
      if (outcome.page) expect(answer.body).toContain(pageMarker(outcome.page));
      if (outcome.location) expect(answer.headers.location).toBe(outcome.location);
      for (const { name: header, value } of outcome.responseHeaders)
        expect(answer.headers[header.toLowerCase()]).toBe(value);
      // nginx lets a second's worth through at once; 1.5 MB at 512 KB/s takes at least another second.
      if (outcome.speedLimit)
        expect(answer.ms).toBeGreaterThanOrEqual((BIG / 1024 / outcome.speedLimit - 1) * 1000 - 100);
    });
  }

  it('logs the deciding rule, or the last logged one, and why it matched, as the evaluator names them', async () => {
    const read = async () =>
      (await readFile(path.join(t.config.edgeDir, 'nginx/run/access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { host: string; rule: string; action: string; reason: string });
    // The edge writes its log in batches (log.lua): wait until every case's request is in it.
    const hosts = new Set([...answers.keys()].map((plan) => plan.host));
    await expect
      .poll(
        async () => {
          const seen = new Set((await read()).map((r) => r.host));
          return [...hosts].filter((host) => !seen.has(host));
        },
        { timeout: 5000 },
      )
      .toEqual([]);
    const last = new Map((await read()).map((r) => [r.host, r]));
    for (const [plan] of answers) {
      const logged = last.get(plan.host);
      expect(logged?.rule, plan.testCase.name).toBe(plan.rule);
      expect(logged?.reason, plan.testCase.name).toBe(plan.reason);
    }
  });
});
