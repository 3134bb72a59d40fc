import { describe, expect, it } from 'vitest';
import { INGEST_BATCH_MAX_LINES, ingestTimeBounds } from '@parapet/shared';
import {
  DEFAULT_BATCH,
  DEFAULT_DIRECT_BATCH,
  DEFAULT_SPAN_MS,
  MAX_DIRECT_BATCH,
  parseDuration,
  END_CLOCK_SKEW_MS,
  parseSimulateOptions,
  trafficOptionsOf,
  UsageError,
} from '../../src/tools/simulate/simulate-options.js';
import type { SimulatedLine } from '../../src/tools/simulate/traffic-generator.js';

const NOW = Date.UTC(2026, 10, 20);
const defaults = { publicUrl: 'http://localhost:3000', now: NOW };
const parse = (argv: string[], token?: string) =>
  parseSimulateOptions(argv, token === undefined ? {} : { INGEST_TOKEN: token }, defaults);

describe('simulate options', () => {
  it('reads a back-fill through ingest with its defaults', () => {
    expect(parse(['--events', '1000'], 'ppi_x')).toEqual({
      mode: 'backfill',
      seed: 1,
      batch: DEFAULT_BATCH,
      events: 1000,
      spanMs: DEFAULT_SPAN_MS,
      end: NOW,
      target: { kind: 'ingest', url: 'http://localhost:3000', token: 'ppi_x' },
    });
  });

  it('reads a direct back-fill, live traffic, spans, ends and seeds', () => {
    expect(
      parse(['--events', '10', '--span', '3d', '--direct', '--end', '2026-11-01T00:00:00Z', '--seed', '9']),
    ).toMatchObject({
      mode: 'backfill',
      seed: 9,
      batch: DEFAULT_DIRECT_BATCH,
      spanMs: 3 * 86_400_000,
      end: Date.UTC(2026, 10, 1),
      target: { kind: 'direct' },
    });
    expect(parse(['--rate', '200', '--url', 'http://127.0.0.1:8080/', '--token', 'ppi_y'])).toEqual({
      mode: 'live',
      seed: 1,
      batch: DEFAULT_BATCH,
      rate: 200,
      target: { kind: 'ingest', url: 'http://127.0.0.1:8080', token: 'ppi_y' },
    });
    expect([parseDuration('90s'), parseDuration('30m'), parseDuration('6h')]).toEqual([90_000, 1_800_000, 21_600_000]);
  });

  it.each([
    [[], /exactly one of --events/],
    [['--events', '5', '--rate', '5'], /exactly one of --events/],
    [['--events', '1x'], /--events must be a whole number, not "1x"/],
    [['--events', '0'], /--events must be between 1/],
    [['--events', '5', '--span', '3 days'], /--span must be a whole number with s, m, h or d/],
    [['--events', '5', '--span', '0d'], /--span must be longer than zero/],
    [['--events', '5', '--end', 'yesterday'], /--end must be ISO 8601 or epoch ms/],
    [['--events', '5', '--seed=-1'], /--seed must be a whole number/],
    [['--events', '5', '--batch', String(INGEST_BATCH_MAX_LINES + 1)], /--batch must be between 1 and 50000/],
    [['--events', '5', '--direct', '--batch', String(MAX_DIRECT_BATCH + 1)], /--batch must be between 1 and 1000000/],
    [['--events', '5', '--direct', '--url', 'http://x'], /leave out --url and --token/],
    [['--rate', '5', '--direct'], /--direct is for a back-fill/],
    [['--rate', '5', '--span', '1d'], /--span is for a back-fill/],
    [['--events', '5', '--url', 'ftp://x'], /--url must be an http\(s\) URL/],
    [['--events', '5', '--colour'], /Unknown option/],
  ])('refuses %j, saying why', (argv, message) => {
    expect(() => parse(argv, 'ppi_x')).toThrow(UsageError);
    expect(() => parse(argv, 'ppi_x')).toThrow(message);
  });

  // Audit #6 and #9: times ingest would refuse are refused up front, for --direct as well.
  const { earliest } = ingestTimeBounds(NOW);
  it.each([
    [['--end', String(NOW + END_CLOCK_SKEW_MS + 1)], /--end .* is .*, in the future/],
    [['--end', new Date(NOW + 3 * 86_400_000).toISOString()], /in the future/],
    [['--end', '2020-01-01T00:00:00Z'], /older than the 90 days ingest keeps events/],
    [['--end', String(Math.floor(NOW / 1000))], /\(seconds\? give epoch ms\)/],
    [['--span', '400d'], /--span reaches back to .*, past the 90 days ingest keeps events/],
    [['--span', '1h', '--end', String(earliest + 1000)], /--span reaches back/],
    [['--span', '99999999999999d'], /--span is too long/],
  ])('refuses the times %j before anything is sent', (argv, message) => {
    for (const target of [['--direct'], ['--token', 'ppi_x']]) {
      expect(() => parse(['--events', '5', ...argv, ...target])).toThrow(UsageError);
      expect(() => parse(['--events', '5', ...argv, ...target])).toThrow(message);
    }
  });

  it('takes an end a little ahead of the clock, and a span back to the oldest ingest keeps', () => {
    expect(parse(['--events', '5', '--direct', '--end', String(NOW + END_CLOCK_SKEW_MS)]).mode).toBe('backfill');
    expect(parse(['--events', '5', '--direct', '--span', '90d']).mode).toBe('backfill');
  });

  it('salts the req_ids with the end and span, or a live run with its start (audit #4)', () => {
    const lines: SimulatedLine[] = [];
    const salt = (argv: string[], now = NOW) =>
      trafficOptionsOf(parseSimulateOptions(argv, {}, { ...defaults, now }), lines, now).idSalt;
    expect(salt(['--events', '5', '--direct'])).toEqual([NOW, DEFAULT_SPAN_MS]);
    // The default end is now: another run later gets other ids.
    expect(salt(['--events', '5', '--direct'], NOW + 15_000)).not.toEqual(salt(['--events', '5', '--direct']));
    expect(salt(['--events', '5', '--direct', '--end', String(NOW - 1)])).toEqual([NOW - 1, DEFAULT_SPAN_MS]);
    expect(salt(['--rate', '5', '--token', 'ppi_x'], NOW + 7)).toEqual([NOW + 7]);
  });

  it('asks for a token unless the back-fill is direct', () => {
    expect(() => parse(['--events', '5'])).toThrow(/an ingest token is needed/);
    expect(() => parse(['--rate', '5'])).toThrow(/an ingest token is needed/);
    expect(parse(['--events', '5', '--direct']).target).toEqual({ kind: 'direct' });
  });
});
