import { describe, expect, it } from 'vitest';
import { wafRuleSettingsSchema, type EvaluatedRule, type EventRecord } from '@parapet/shared';
import {
  createTrafficGenerator,
  spreadTimestamps,
  type SimulatedLine,
} from '../../src/tools/simulate/traffic-generator.js';

/**
 * The rate a request is judged at is its client's real rate in the traffic made (audit #2):
 * recounted here from the records alone, a rate rule holds exactly where the client's requests to
 * the line over the rule's window pass its threshold, and a period block refuses that client's
 * later requests for its time, as the edge does.
 */

const rule = (ruleName: string, settings: Record<string, unknown>): EvaluatedRule => ({
  ...wafRuleSettingsSchema.parse(settings),
  ruleName,
  isEnabled: true,
});

const END = Date.UTC(2026, 10, 20);
const HOUR = 3_600_000;

function generate(seed: number, count: number, lines: SimulatedLine[], span: number): EventRecord[] {
  const generator = createTrafficGenerator({
    seed,
    lines,
    idSalt: [END, span],
    eventsPerSecond: count / (span / 1000),
    span: { from: END - span, to: END },
  });
  return [...spreadTimestamps(count, END - span, END, seed)].map((t) => generator.next(t).record);
}

/** Each record with its client's requests to the line over the last `seconds`, itself included, in the order made. */
function withCounts(records: readonly EventRecord[], seconds: readonly number[]) {
  const times = new Map<string, number[]>();
  return records.map((record) => {
    const mine = times.get(record.client_ip) ?? [];
    mine.push(record.timestamp);
    times.set(record.client_ip, mine);
    const counts = seconds.map((s) => mine.filter((t) => t > record.timestamp - s * 1000).length);
    return { record, counts };
  });
}

/** A line of the acme group on the enterprise plan, with these rules. */
const acmeLine = (lineName: string, domain: string, rules: SimulatedLine['rules'] = []): SimulatedLine => ({
  groupName: 'acme',
  customerPackage: 'enterprise',
  lineName,
  domains: [domain],
  rules,
});

describe('rates the simulator judges requests at', () => {
  it('blocks exactly the clients whose requests pass a rate rule, and keeps them blocked for the period', () => {
    // An hour's block outlasts the gap to the address's next flood, whose first requests it refuses.
    const shop: SimulatedLine = {
      groupName: 'acme',
      customerPackage: 'enterprise',
      lineName: 'shop',
      domains: ['shop.example.com'],
      rules: [
        rule('deny_cn', { wafAction: '01', wafCountry: ['CN'] }),
        rule('period_flood', { wafAction: '08', wafRate: '50/1', wafBucketTime: 3600 }),
      ],
    };
    const other: SimulatedLine = { ...shop, lineName: 'other', domains: ['other.example.com'], rules: [] };
    const records = generate(21, 60_000, [shop, other], 6 * HOUR).filter((r) => r.server_name === 'shop.example.com');
    const blockedUntil = new Map<string, number>();
    let byRate = 0;
    let byPeriod = 0;
    for (const { record, counts } of withCounts(records, [1])) {
      const [perSecond] = counts as [number];
      const until = blockedUntil.get(record.client_ip) ?? -Infinity;
      const seen = [record.action, record.rule, record.reason];
      if (record.country === 'CN') expect(seen).toEqual(['01', 'deny_cn', 'wafCountry: CN']);
      else if (perSecond > 50) {
        byRate += 1;
        expect(seen).toEqual(['08', 'period_flood', 'wafRate: 50/1']);
        if (until <= record.timestamp) blockedUntil.set(record.client_ip, record.timestamp + 3_600_000);
      } else if (until > record.timestamp) {
        byPeriod += 1;
        expect(seen).toEqual(['08', 'period_flood', 'wafBucketTime: 3600']);
      } else expect(seen).toEqual(['', '', '']);
      if (record.action === '08') expect([record.status, record.upstream_status]).toEqual([403, null]);
    }
    expect(byRate).toBeGreaterThan(100);
    expect(byPeriod).toBeGreaterThan(0);
  });

  it('sends floods in bursts of 80 to 600 requests a second from their addresses', () => {
    const line = acmeLine('shop', 'shop.example.com');
    const records = generate(22, 60_000, [line], 6 * HOUR);
    const floods = records.filter((r) => r.uri === '/api/v1/login' || (r.uri === '/' && r.proxy_type !== ''));
    const bySecond = new Map<string, number>();
    for (const r of floods) {
      const key = `${r.client_ip}|${Math.floor(r.timestamp / 1000)}`;
      bySecond.set(key, (bySecond.get(key) ?? 0) + 1);
    }
    // A flood window holds about 130 requests per address here: a burst puts most in a second or two.
    expect(Math.max(...bySecond.values())).toBeGreaterThanOrEqual(60);
    // Each stays in the span.
    for (const r of records) {
      expect(r.timestamp).toBeGreaterThanOrEqual(END - 6 * HOUR);
      expect(r.timestamp).toBeLessThan(END);
    }
  });

  it('judges each rate rule over its own window when a line counts over several', () => {
    const line = acmeLine('api', 'api.example.com', [
      rule('log_fast', { wafAction: '04', wafRate: '30/1' }),
      rule('deny_busy', { wafAction: '01', wafRate: '150/60' }),
    ]);
    const records = generate(23, 60_000, [line], 6 * HOUR);
    let denied = 0;
    let logged = 0;
    for (const { record, counts } of withCounts(records, [1, 60])) {
      const [perSecond, perMinute] = counts as [number, number];
      if (perMinute > 150) {
        denied += 1;
        expect([record.action, record.rule, record.reason]).toEqual(['01', 'deny_busy', 'wafRate: 150/60']);
      } else if (perSecond > 30) {
        logged += 1;
        expect([record.action, record.rule]).toEqual(['04', 'log_fast']);
      } else expect(record.action).toBe('');
    }
    expect(denied).toBeGreaterThan(0);
    expect(logged).toBeGreaterThan(0);
  });

  it('in a live run, puts bursts at the end of their window, so no flood request is stamped before it was made', () => {
    const line = acmeLine('shop', 'shop.example.com');
    const start = END - 6 * HOUR;
    const generator = createTrafficGenerator({
      seed: 22,
      lines: [line],
      idSalt: [start],
      eventsPerSecond: 3,
      span: { from: start, to: Infinity },
    });
    let moved = 0;
    for (const slot of spreadTimestamps(60_000, start, END, 22)) {
      const { record } = generator.next(slot);
      expect(record.timestamp).toBeGreaterThanOrEqual(slot);
      if (record.timestamp !== slot) moved += 1;
    }
    expect(moved).toBeGreaterThan(100);
  });
});
