import { describe, expect, it } from 'vitest';
import {
  eventRecordSchema,
  eventReasonOf,
  eventRuleOf,
  evaluateRules,
  wafRuleSettingsSchema,
  type EvaluatedRule,
} from '@parapet/shared';
import {
  createTrafficGenerator,
  spreadTimestamps,
  storedEvent,
  type SimulatedLine,
} from '../../src/tools/simulate/traffic-generator.js';
import { COUNTRIES, REQUEST_KIND_WEIGHTS } from '../../src/tools/simulate/traffic-catalog.js';

const rule = (ruleName: string, settings: Record<string, unknown>, isEnabled = true): EvaluatedRule => ({
  ...wafRuleSettingsSchema.parse(settings),
  ruleName,
  isEnabled,
});

const denyChina = rule('deny_cn', { wafAction: '01', wafCountry: ['CN'] });
const blockFloods = rule('block_floods', { wafAction: '08', wafRate: '100/1' });
const logScanners = rule('log_wp', { wafAction: '04', wafUri: ['/wp-login.php'] });

const lines: SimulatedLine[] = [
  {
    groupName: 'shop',
    customerPackage: 'enterprise',
    lineName: 'store',
    domains: ['shop.example.com', 'www.shop.example.com'],
    rules: [logScanners, denyChina, blockFloods],
  },
  { groupName: 'blog', customerPackage: 'basic', lineName: 'blog', domains: ['blog.example.com'], rules: [] },
  { groupName: 'blog', customerPackage: 'basic', lineName: 'empty', domains: [], rules: [] },
];

const END = Date.UTC(2026, 10, 20);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A back-fill of `count` events over the span that ends at END, as the CLI makes it. */
function generate(seed: number, count: number, ruleLines = lines, span = DAY, idSalt: number[] = [END, span]) {
  const generator = createTrafficGenerator({
    seed,
    lines: ruleLines,
    idSalt,
    eventsPerSecond: count / (span / 1000),
    span: { from: END - span, to: END },
  });
  return [...spreadTimestamps(count, END - span, END, seed)].map((timestamp) => generator.next(timestamp));
}

const share = (values: readonly unknown[], predicate: (value: unknown) => boolean): number =>
  values.filter(predicate).length / values.length;

describe('traffic generator', () => {
  it('gives the same events, byte for byte, for the same seed', () => {
    expect(JSON.stringify(generate(7, 3000).map(storedEvent))).toBe(JSON.stringify(generate(7, 3000).map(storedEvent)));
  });

  it('gives other events for another seed', () => {
    const a = generate(7, 500).map((event) => event.record);
    const b = generate(8, 500).map((event) => event.record);
    expect(a.map((r) => r.req_id)).not.toEqual(b.map((r) => r.req_id));
    expect(a.map((r) => r.client_ip)).not.toEqual(b.map((r) => r.client_ip));
  });

  it('makes records the ingest contract accepts, unchanged, with unique req_ids', () => {
    const events = generate(3, 5000);
    for (const { record } of events) expect(eventRecordSchema.parse(record)).toEqual(record);
    expect(new Set(events.map((e) => e.record.req_id)).size).toBe(events.length);
  });

  it('sends traffic only to domains of lines, and stores it under the line group and plan', () => {
    const events = generate(4, 3000);
    for (const event of events) {
      expect(event.line.domains).toContain(event.record.server_name);
      const stored = storedEvent(event);
      expect([stored.group_name, stored.customer_package]).toEqual([event.line.groupName, event.line.customerPackage]);
    }
    expect(new Set(events.map((e) => e.line.lineName))).toEqual(new Set(['store', 'blog']));
  });

  it('spreads timestamps over the span, in order', () => {
    const times = [...spreadTimestamps(1000, END - DAY, END, 1)];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(END - DAY);
    expect(times.at(-1)).toBeLessThan(END);
    expect(times[500]).toBeGreaterThan(END - DAY / 2 - DAY / 100);
  });

  it("marks every request a line's deny rule matches with that rule and its action, refused without an origin", () => {
    const store = generate(5, 20_000).filter((e) => e.line.lineName === 'store');
    const chinese = store.filter((e) => e.record.country === 'CN');
    expect(chinese.length).toBeGreaterThan(100);
    for (const { record } of chinese) {
      // The log rule before it may also match; the deny still decides.
      expect([record.action, record.rule, record.type, record.status]).toEqual(['01', 'deny_cn', '01', 403]);
      expect(record.reason).toContain('wafCountry: CN');
      expect([record.upstream_status, record.upstream_response_time, record.cache_status]).toEqual([null, null, '-']);
    }
    // Nothing the rule does not match carries it.
    expect(store.filter((e) => e.record.rule === 'deny_cn' && e.record.country !== 'CN')).toEqual([]);
  });

  it('decides each event as the shared evaluator does for its facts', () => {
    for (const { record, line } of generate(6, 3000)) {
      if (record.country === 'CN' || record.action === '08') continue;
      const evaluation = evaluateRules(line.rules, {
        method: record.method,
        scheme: record.scheme,
        host: record.host,
        uri: record.uri,
        args: record.args,
        headers: record.req_headers,
        clientIp: record.client_ip,
        country: record.country,
        isp: record.isp,
        owasp: [],
      });
      // Rate and OWASP flags are not in the record; the rules above judge neither for these events.
      expect(record.rule).toBe(eventRuleOf(evaluation));
      expect(record.reason).toBe(record.action === '' ? '' : eventReasonOf(evaluation));
    }
  });

  it('blocks floods by a rate rule and logs scanners by a log rule', () => {
    // Six hours: traffic dense enough that a flood's burst passes the rule's 100 a second.
    const store = generate(21, 60_000, lines, 6 * HOUR)
      .filter((e) => e.line.lineName === 'store')
      .map((e) => e.record);
    const blocked = store.filter((r) => r.action === '08');
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((r) => r.rule === 'block_floods' && r.status === 403 && r.upstream_status === null)).toBe(
      true,
    );
    const logged = store.filter((r) => r.uri === '/wp-login.php' && r.country !== 'CN' && r.action !== '08');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((r) => r.action === '04' && r.rule === 'log_wp' && r.upstream_status !== null)).toBe(true);
  });

  it('mixes countries, clients and cache answers roughly as weighted', () => {
    const records = generate(11, 40_000, [lines[1]!]).map((e) => e.record);
    const totalWeight = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
    const us = COUNTRIES.find((c) => c.code === 'US')!.weight / totalWeight;
    // Bots come from data centres abroad too, so the share is near the weight, not exact.
    expect(share(records, (r) => (r as { country: string }).country === 'US')).toBeGreaterThan(us * 0.75);
    expect(share(records, (r) => (r as { country: string }).country === 'US')).toBeLessThan(us * 1.35);

    const kinds = Object.values(REQUEST_KIND_WEIGHTS).reduce((a, b) => a + b, 0);
    const assets = records.filter((r) => /\.(js|css|webp|jpg|woff2|mp4)$/.test(r.uri));
    expect(assets.length / records.length).toBeGreaterThan((REQUEST_KIND_WEIGHTS.asset / kinds) * 0.8);
    // Static files mostly come from the cache; pages mostly do not.
    expect(share(assets, (r) => (r as { cache_status: string }).cache_status === 'HIT')).toBeGreaterThan(0.75);
    const pages = records.filter((r) => r.req_headers['accept']?.startsWith('text/html'));
    expect(share(pages, (r) => (r as { cache_status: string }).cache_status === '-')).toBeGreaterThan(0.6);

    const attacks = records.filter((r) => /UNION|<script|onerror|SLEEP/i.test(r.args));
    expect(attacks.length / records.length).toBeGreaterThan(0.005);
    expect(attacks.length / records.length).toBeLessThan(0.05);
    const ips = new Map<string, number>();
    for (const r of records) ips.set(r.client_ip, (ips.get(r.client_ip) ?? 0) + 1);
    expect(ips.size).toBeGreaterThan(2000);
  });

  it('gives other req_ids for another end or span, and the same ones for the same (audit #4)', () => {
    const ids = (salt: number[]) => generate(7, 2000, lines, DAY, salt).map((e) => e.record.req_id);
    const first = ids([END, DAY]);
    expect(ids([END, DAY])).toEqual(first);
    for (const other of [
      [END + 1, DAY],
      [END, DAY + 1000],
    ]) {
      const seen = new Set(ids(other));
      expect(first.filter((id) => seen.has(id))).toEqual([]);
    }
  });

  it('answers a cache hit only with a status a cache keeps, never an origin error (audit #9)', () => {
    const records = generate(12, 60_000, [lines[1]!]).map((e) => e.record);
    const hits = records.filter((r) => r.cache_status === 'HIT');
    expect(hits.length).toBeGreaterThan(1000);
    expect(new Set(hits.map((r) => r.status))).toEqual(new Set([200, 301, 302, 304, 404]));
    // Passed on to the origin, errors still come back.
    expect(records.some((r) => r.status >= 500 && r.upstream_status === r.status)).toBe(true);
  });

  it('takes rules changed while it runs, keeping its visitors (audit #5)', () => {
    const blog = lines[1]!;
    const generator = createTrafficGenerator({ seed: 13, lines: [blog] });
    const before = Array.from({ length: 3000 }, (_, i) => generator.next(END + i).record);
    expect(before.filter((r) => r.country === 'CN').every((r) => r.action === '')).toBe(true);
    generator.update([{ ...blog, rules: [denyChina] }]);
    const after = Array.from({ length: 3000 }, (_, i) => generator.next(END + 3000 + i).record);
    const chinese = after.filter((r) => r.country === 'CN');
    expect(chinese.length).toBeGreaterThan(50);
    expect(chinese.every((r) => r.action === '01' && r.rule === 'deny_cn')).toBe(true);
    // The same visitors as before: the line was not planned again.
    const known = new Set(before.map((r) => r.client_ip));
    expect(after.filter((r) => known.has(r.client_ip)).length).toBeGreaterThan(after.length / 2);
  });

  it('refuses to run without a line that has a domain', () => {
    expect(() => createTrafficGenerator({ seed: 1, lines: [lines[2]!] })).toThrow(/no service line/);
  });
});
