import { describe, expect, it } from 'vitest';
import { wafRuleSettingsSchema, type EventRecord } from '@parapet/shared';
import { runLive } from '../../src/tools/simulate/live.js';
import { createTrafficGenerator, type SimulatedLine } from '../../src/tools/simulate/traffic-generator.js';

const blog: SimulatedLine = {
  groupName: 'blog',
  customerPackage: 'basic',
  lineName: 'blog',
  domains: ['blog.example.com'],
  rules: [],
};
const denyChina = {
  ...wafRuleSettingsSchema.parse({ wafAction: '01', wafCountry: ['CN'] }),
  ruleName: 'deny_cn',
  isEnabled: true,
};

describe('live traffic', () => {
  it('reads the lines and rules again as it runs, so a rule added mid-run shows in its traffic (audit #5)', async () => {
    const startedAt = Date.now();
    const generator = createTrafficGenerator({ seed: 3, lines: [blog], idSalt: [startedAt], eventsPerSecond: 4000 });
    const stop = new AbortController();
    const sent: Array<{ record: EventRecord; at: number; ruled: boolean }> = [];
    const logged: string[] = [];
    let ruled = false;
    let ruledAt = Infinity;
    setTimeout(() => {
      ruled = true;
      ruledAt = Date.now();
    }, 300);
    setTimeout(() => stop.abort(), 900);
    const summary = await runLive({
      rate: 4000,
      batch: 500,
      seed: 3,
      generator,
      lines: [blog],
      send: async (records) => {
        for (const record of records) sent.push({ record, at: Date.now(), ruled });
        return { accepted: records.length, duplicates: 0, unknownServerName: 0, rejected: [], rejectedCount: 0 };
      },
      reloadLines: async () => [ruled ? { ...blog, rules: [denyChina] } : blog],
      signal: stop.signal,
      log: (message) => logged.push(message),
      tickMs: 20,
      reloadMs: 50,
    });
    expect(logged).toContain('lines and rules changed: now 1 lines, 1 rules on them');
    const chinese = sent.filter((s) => s.record.country === 'CN');
    // Before the rule: passed. Made after a reload that saw it (one comes within reloadMs): denied.
    expect(chinese.filter((s) => !s.ruled).every((s) => s.record.action === '')).toBe(true);
    const late = chinese.filter((s) => s.record.timestamp > ruledAt + 100);
    expect(late.length).toBeGreaterThan(20);
    expect(late.every((s) => s.record.action === '01' && s.record.rule === 'deny_cn')).toBe(true);
    // Nothing goes out stamped after the moment it is sent (a flood's burst waits for its time).
    expect(sent.every((s) => s.record.timestamp <= s.at)).toBe(true);
    expect(summary.tally.accepted).toBe(sent.length);
  });
});
