import { describe, expect, it } from 'vitest';
import {
  formatBitRate,
  formatBytes,
  formatCount,
  formatExactBytes,
  formatExactSeconds,
  formatMetric,
  formatMetricRate,
  formatMetricTick,
  formatPercent,
  formatRequestRate,
  formatRequests,
  formatSeconds,
} from './format-units';
import { initI18n } from './i18n';

initI18n();

describe('counts', () => {
  it('groups digits in full and shortens them when compact, as each language does', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(formatCount(12345, 'zh-CN')).toBe('12,345');
    expect(formatCount(12345, 'en-US', { compact: true })).toBe('12.3K');
    expect(formatCount(12345, 'zh-CN', { compact: true })).toBe('1.2万');
    expect(formatCount(12345, 'zh-TW', { compact: true })).toBe('1.2萬');
    expect(formatCount(2_500_000, 'en-US', { compact: true })).toBe('2.5M');
    expect(formatCount(120_000_000, 'zh-CN', { compact: true })).toBe('1.2亿');
    expect(formatCount(999, 'zh-TW', { compact: true })).toBe('999');
  });

  it('groups the digits a compact form leaves whole, as the full form does', () => {
    expect(formatCount(4215, 'zh-CN', { compact: true })).toBe('4,215');
    expect(formatCount(8000, 'zh-TW', { compact: true })).toBe('8,000');
    expect(formatRequests(4215, 'zh-CN', { compact: true })).toBe('4,215 次请求');
  });

  it('names requests with their unit and plural', () => {
    expect(formatRequests(1, 'en-US')).toBe('1 request');
    expect(formatRequests(12345, 'en-US')).toBe('12,345 requests');
    expect(formatRequests(12345, 'en-US', { compact: true })).toBe('12.3K requests');
    expect(formatRequests(12345, 'zh-CN')).toBe('12,345 次请求');
    expect(formatRequests(12345, 'zh-TW', { compact: true })).toBe('1.2萬 次請求');
  });
});

describe('figures as typed', () => {
  it('keeps every digit, with the unit', () => {
    expect(formatExactBytes(1500, 'en-US')).toBe('1,500 B');
    expect(formatExactBytes(1048576, 'zh-CN')).toBe('1,048,576 B');
    expect(formatExactSeconds(1.2345, 'en-US')).toBe('1.2345 sec');
    expect(formatExactSeconds(0.5, 'zh-TW')).toBe('0.5 秒');
  });
});

describe('bytes', () => {
  it('steps by 1024 through B, KB, MB, GB and TB', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(1023, 'en-US')).toBe('1,023 B');
    expect(formatBytes(1024, 'en-US')).toBe('1 KB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 2, 'zh-CN')).toBe('5 MB');
    expect(formatBytes(1.25 * 1024 ** 3, 'zh-TW')).toBe('1.25 GB');
    expect(formatBytes(3 * 1024 ** 4, 'en-US')).toBe('3 TB');
    // Past TB the figure grows rather than inventing a unit.
    expect(formatBytes(2048 * 1024 ** 4, 'en-US')).toBe('2,048 TB');
  });

  it('keeps fewer digits when compact', () => {
    expect(formatBytes(1.256 * 1024 ** 2, 'en-US', { compact: true })).toBe('1.3 MB');
    expect(formatBytes(123.4 * 1024, 'en-US', { compact: true })).toBe('123 KB');
    expect(formatBytes(123.4 * 1024, 'en-US')).toBe('123.4 KB');
  });
});

describe('rates', () => {
  it('gives requests per second', () => {
    expect(formatRequestRate(600, 60, 'en-US')).toBe('10 req/s');
    expect(formatRequestRate(1, 60, 'zh-CN')).toBe('0.02 次/秒');
    expect(formatRequestRate(123_456, 1, 'zh-TW')).toBe('123,456 次/秒');
  });

  it('gives transfer in bits per second, stepping by 1000', () => {
    expect(formatBitRate(125, 1, 'en-US')).toBe('1 Kbps');
    expect(formatBitRate(100, 1, 'en-US')).toBe('800 bps');
    expect(formatBitRate(1_250_000 * 60, 60, 'zh-CN')).toBe('10 Mbps');
    expect(formatBitRate(3e9, 8, 'zh-TW')).toBe('3 Gbps');
  });

  it('reads a zero-length span as no rate rather than infinity', () => {
    expect(formatRequestRate(5, 0, 'en-US')).toBe('0 req/s');
    expect(formatBitRate(5, 0, 'en-US')).toBe('0 bps');
  });
});

describe('percentages and durations', () => {
  it('formats shares of one as percentages', () => {
    expect(formatPercent(0.1234, 'en-US')).toBe('12.3%');
    expect(formatPercent(1, 'zh-CN')).toBe('100%');
    expect(formatPercent(0.5, 'zh-TW')).toBe('50%');
    // Neither none nor all reads as either.
    expect(formatPercent(0.0002, 'en-US')).toBe('<0.1%');
    expect(formatPercent(0.9998, 'zh-CN')).toBe('>99.9%');
    expect(formatPercent(0, 'en-US')).toBe('0%');
    expect(formatPercent(0.0005, 'en-US')).toBe('0.1%');
  });

  it('formats seconds under one as ms and the rest as seconds', () => {
    expect(formatSeconds(0.35, 'en-US')).toBe('350 ms');
    expect(formatSeconds(0.0042, 'en-US')).toBe('4.2 ms');
    expect(formatSeconds(1.25, 'en-US')).toBe('1.25 sec');
    expect(formatSeconds(0.35, 'zh-CN')).toBe('350毫秒');
    expect(formatSeconds(2, 'zh-TW')).toBe('2 秒');
  });
});

describe('metrics', () => {
  it('picks the unit from the metric', () => {
    expect(formatMetric('requests', 2, 'en-US')).toBe('2 requests');
    expect(formatMetric('bytes', 2048, 'zh-CN')).toBe('2 KB');
    expect(formatMetricTick('requests', 12345, 'en-US')).toBe('12.3K req');
    expect(formatMetricTick('bytes', 1.256 * 1024 ** 2, 'zh-TW')).toBe('1.3 MB');
    expect(formatMetricRate('requests', 300, 60_000, 'en-US')).toBe('5 req/s');
  });

  it('gives a request count on an axis its unit, short, in every language', () => {
    expect(formatMetricTick('requests', 350, 'en-US')).toBe('350 req');
    expect(formatMetricTick('requests', 10_100, 'en-US')).toBe('10.1K req');
    expect(formatMetricTick('requests', 12_000, 'zh-TW')).toBe('1.2萬 次');
    expect(formatMetricTick('requests', 8000, 'zh-TW')).toBe('8,000 次');
    expect(formatMetricTick('requests', 0, 'zh-CN')).toBe('0 次');
    expect(formatMetricRate('bytes', 7_500_000, 60_000, 'en-US')).toBe('1 Mbps');
  });
});
