import { describe, expect, it } from 'vitest';
import {
  EVENT_ARGS_MAX_LENGTH,
  EVENT_HEADER_NAME_MAX_LENGTH,
  EVENT_HEADER_VALUE_MAX_LENGTH,
  EVENT_HEADERS_MAX_COUNT,
  EVENT_HOST_MAX_LENGTH,
  EVENT_REQ_ID_MAX_LENGTH,
  EVENT_SHORT_TEXT_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  EVENT_URI_MAX_LENGTH,
  EVENT_URL_MAX_LENGTH,
  eventRecordSchema,
} from '@parapet/shared';
import { fastEventRecord } from './fast-record.js';

const FULL = {
  req_id: 'r-1',
  timestamp: 1_767_225_600_000,
  server_name: 'shop.example.com',
  host: 'shop.example.com',
  scheme: 'https',
  method: 'POST',
  server_port: 443,
  uri: '/cart',
  args: 'id=7',
  request_url: 'https://shop.example.com/cart?id=7',
  server_protocol: 'HTTP/2.0',
  req_headers: { 'user-agent': 'Mozilla/5.0', accept: '*/*' },
  client_ip: '2001:db8::7',
  user_agent: 'Mozilla/5.0',
  country: 'DE',
  isp: 'Example ISP',
  proxy_type: 'vpn',
  action: '01',
  type: '01',
  rule: 'deny_bots',
  reason: 'ip',
  status: 403,
  upstream_status: null,
  request_time: 0.002,
  upstream_response_time: null,
  bytes_sent: 512,
  cache_status: '-',
  origin_host_resolve: '10.0.0.1',
};
const MINIMAL = { req_id: 'r-2', timestamp: 0, server_name: 'a', client_ip: '10.0.0.1', status: 200 };

const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h${i}`, 'v']));
/** Values worth trying in any field: edges of every rule the schema has, and wrong types. */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  ' ',
  // Each length bound of the record, met and passed by one.
  ...[
    EVENT_REQ_ID_MAX_LENGTH,
    EVENT_SHORT_TEXT_MAX_LENGTH,
    EVENT_HOST_MAX_LENGTH,
    EVENT_TEXT_MAX_LENGTH,
    EVENT_URI_MAX_LENGTH,
    EVENT_ARGS_MAX_LENGTH,
    EVENT_URL_MAX_LENGTH,
  ].flatMap((length) => ['a'.repeat(length), 'a'.repeat(length + 1)]),
  'nul\u0000',
  'lone\uD800',
  'emoji 😀',
  'http',
  'https',
  'HTTPS',
  'vpn',
  '01',
  '00',
  '14',
  '15',
  'HIT',
  'hit',
  '-',
  'US',
  'us',
  'USA',
  '8.8.8.8',
  '::ffff:8.8.8.8',
  '256.1.1.1',
  '10.0.0.1 ',
  -1,
  -0,
  0,
  0.5,
  1,
  99,
  100,
  599,
  600,
  65535,
  65536,
  2 ** 53,
  1e308,
  true,
  [],
  ['x'],
  {},
  { accept: '*/*' },
  { Accept: '*/*' },
  { 'bad name': 'x' },
  { accept: 7 },
  { accept: 'x'.repeat(5000) },
  { accept: 'nul\u0000' },
  { accept: 'a'.repeat(EVENT_HEADER_VALUE_MAX_LENGTH) },
  { accept: 'a'.repeat(EVENT_HEADER_VALUE_MAX_LENGTH + 1) },
  { '': 'x' },
  { ['a'.repeat(EVENT_HEADER_NAME_MAX_LENGTH)]: 'x' },
  { ['a'.repeat(EVENT_HEADER_NAME_MAX_LENGTH + 1)]: 'x' },
  JSON.parse('{"__proto__": "x"}'),
  many(EVENT_HEADERS_MAX_COUNT),
  many(EVENT_HEADERS_MAX_COUNT + 1),
];

/** The quick path may decline; when it answers, zod must accept the same record and give the same value. */
function agrees(input: unknown): boolean {
  const quick = fastEventRecord(input);
  const zod = eventRecordSchema.safeParse(input);
  if (quick === undefined) return false;
  expect(zod.success, JSON.stringify(input)).toBe(true);
  expect(quick).toStrictEqual(zod.data);
  return true;
}

/** Small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('fastEventRecord', () => {
  it('knows every field of the schema (a new field must be added here too)', () => {
    expect(agrees(FULL)).toBe(true);
    expect(agrees(MINIMAL)).toBe(true);
  });

  it('answers what zod answers, or declines, for every edge value in every field', () => {
    for (const base of [FULL, MINIMAL])
      for (const key of Object.keys(eventRecordSchema.shape))
        for (const candidate of CANDIDATES) agrees({ ...base, [key]: candidate });
  });

  it('answers what zod answers over thousands of mixed records, and takes most valid ones', () => {
    const next = random(13);
    const keys = Object.keys(eventRecordSchema.shape);
    let quick = 0;
    let valid = 0;
    for (let i = 0; i < 5000; i++) {
      const input: Record<string, unknown> = { ...FULL };
      for (const key of keys) if (next() < 0.15) input[key] = CANDIDATES[Math.floor(next() * CANDIDATES.length)];
      if (agrees(input)) quick++;
      if (eventRecordSchema.safeParse(input).success) valid++;
    }
    expect(valid).toBeGreaterThan(100);
    expect(quick / valid).toBeGreaterThan(0.9);
  });

  it('declines what is not a plain object, and drops keys the schema does not have', () => {
    for (const input of [null, [], 'x', 7, Object.create(null)]) expect(fastEventRecord(input)).toBeUndefined();
    expect(fastEventRecord({ ...MINIMAL, extra: 1 })).not.toHaveProperty('extra');
  });

  it('gives each record its own headers object', () => {
    const a = fastEventRecord(MINIMAL);
    const b = fastEventRecord(MINIMAL);
    expect(a?.req_headers).toEqual({});
    expect(a?.req_headers).not.toBe(b?.req_headers);
  });
});
