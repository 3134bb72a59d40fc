import { describe, expect, it } from 'vitest';
import {
  EVENT_HEADERS_MAX_COUNT,
  EVENT_REQ_ID_MAX_LENGTH,
  EVENT_URI_MAX_LENGTH,
  eventRecordSchema,
  storedEventSchema,
  toStoredEvent,
} from './event-records.js';

const minimal = {
  req_id: 'r1',
  timestamp: 1_767_225_600_000,
  server_name: 'a.example.com',
  client_ip: '203.0.113.9',
  status: 200,
};
const ok = (patch: Record<string, unknown>) => eventRecordSchema.safeParse({ ...minimal, ...patch }).success;

describe('eventRecordSchema', () => {
  it('takes the required fields and fills the defaults', () => {
    expect(eventRecordSchema.parse(minimal)).toEqual({
      ...minimal,
      host: '',
      scheme: 'http',
      method: 'GET',
      server_port: null,
      uri: '/',
      args: '',
      request_url: '',
      server_protocol: '',
      req_headers: {},
      user_agent: '',
      country: '',
      isp: '',
      proxy_type: '',
      action: '',
      type: '',
      rule: '',
      reason: '',
      upstream_status: null,
      request_time: 0,
      upstream_response_time: null,
      bytes_sent: 0,
      cache_status: '-',
      origin_host_resolve: '',
    });
  });

  it.each(['req_id', 'timestamp', 'server_name', 'client_ip', 'status'])('requires %s', (key) => {
    const record: Record<string, unknown> = { ...minimal };
    delete record[key];
    expect(eventRecordSchema.safeParse(record).success).toBe(false);
  });

  it('bounds req_id', () => {
    expect(ok({ req_id: '' })).toBe(false);
    expect(ok({ req_id: 'x'.repeat(EVENT_REQ_ID_MAX_LENGTH) })).toBe(true);
    expect(ok({ req_id: 'x'.repeat(EVENT_REQ_ID_MAX_LENGTH + 1) })).toBe(false);
  });

  it('takes IPv4 and IPv6 client addresses only', () => {
    expect(ok({ client_ip: '2001:db8::1' })).toBe(true);
    expect(ok({ client_ip: '256.0.0.1' })).toBe(false);
    expect(ok({ client_ip: 'example.com' })).toBe(false);
  });

  it('bounds the numbers', () => {
    expect(ok({ status: 100 })).toBe(true);
    expect(ok({ status: 599 })).toBe(true);
    expect(ok({ status: 99 })).toBe(false);
    expect(ok({ status: 600 })).toBe(false);
    expect(ok({ status: 200.5 })).toBe(false);
    expect(ok({ timestamp: 1.5 })).toBe(false);
    expect(ok({ timestamp: -1 })).toBe(false);
    expect(ok({ upstream_status: null, upstream_response_time: null })).toBe(true);
    expect(ok({ request_time: 0.001, upstream_response_time: 0 })).toBe(true);
    expect(ok({ request_time: -0.001 })).toBe(false);
    expect(ok({ bytes_sent: -1 })).toBe(false);
    expect(ok({ server_port: 0 })).toBe(false);
    expect(ok({ server_port: 65535 })).toBe(true);
    expect(ok({ server_port: 65536 })).toBe(false);
  });

  it('takes only the known codes', () => {
    expect(ok({ scheme: 'https' })).toBe(true);
    expect(ok({ scheme: 'ftp' })).toBe(false);
    expect(ok({ country: 'CN' })).toBe(true);
    expect(ok({ country: 'cn' })).toBe(false);
    expect(ok({ country: 'CHN' })).toBe(false);
    expect(ok({ proxy_type: 'tor' })).toBe(true);
    expect(ok({ proxy_type: 'other' })).toBe(false);
    expect(ok({ action: '01', type: '01' })).toBe(true);
    expect(ok({ action: '02' })).toBe(false);
    expect(ok({ type: '02' })).toBe(false);
    expect(ok({ cache_status: 'REVALIDATED' })).toBe(true);
    expect(ok({ cache_status: 'hit' })).toBe(false);
  });

  it('bounds every string', () => {
    expect(ok({ uri: '/'.repeat(EVENT_URI_MAX_LENGTH) })).toBe(true);
    expect(ok({ uri: '/'.repeat(EVENT_URI_MAX_LENGTH + 1) })).toBe(false);
    expect(ok({ user_agent: 'a'.repeat(100_000) })).toBe(false);
    expect(ok({ uri: '/a\0b' })).toBe(false);
  });

  it('takes lower-case header names and bounds their number', () => {
    expect(ok({ req_headers: { 'user-agent': 'x', 'x-forwarded-for': '1.2.3.4' } })).toBe(true);
    expect(ok({ req_headers: { 'User-Agent': 'x' } })).toBe(false);
    expect(ok({ req_headers: { 'x-n': 5 } })).toBe(false);
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`h${i}`, 'v']));
    expect(ok({ req_headers: many(EVENT_HEADERS_MAX_COUNT) })).toBe(true);
    expect(ok({ req_headers: many(EVENT_HEADERS_MAX_COUNT + 1) })).toBe(false);
  });
});

describe('storedEventSchema', () => {
  it('adds the group and customer package of the line', () => {
    expect(storedEventSchema.safeParse(minimal).success).toBe(false);
    const stored = storedEventSchema.parse({ ...minimal, group_name: 'g1', customer_package: 'pkg' });
    expect(stored.group_name).toBe('g1');
    expect(stored.customer_package).toBe('pkg');
  });
});

describe('toStoredEvent', () => {
  const owner = { group_name: 'g', customer_package: 'p' };
  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['203.0.113.9', '203.0.113.9'],
  ])('keeps the client address %s as %s', (sent, stored) => {
    const record = eventRecordSchema.parse({ ...minimal, client_ip: sent });
    expect(toStoredEvent(record, owner).client_ip).toBe(stored);
  });
});
