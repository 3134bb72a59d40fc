import { describe, expect, it } from 'vitest';
import { clientAddress, networkContains, networkKey, parseNetwork } from './network.js';

const key = (value: string) => {
  const network = parseNetwork(value);
  return network ? networkKey(network) : null;
};

describe('parseNetwork', () => {
  it.each([
    ['10.0.0.0/8', 4, 8],
    ['10.0.0.7', 4, 32],
    ['0.0.0.0/0', 4, 0],
    ['192.0.2.1/32', 4, 32],
    [' 10.0.0.0/8 ', 4, 8],
    ['2001:db8::/32', 6, 32],
    ['2001:DB8::/32', 6, 32],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', 6, 128],
    ['::/0', 6, 0],
    ['::1', 6, 128],
    ['::ffff:10.0.0.1/128', 6, 128],
    ['fe80::/10', 6, 10],
    ['2001:db8::/128', 6, 128],
  ])('reads %j as IPv%i /%i', (value, version, prefix) => {
    expect(parseNetwork(value)).toMatchObject({ version, prefix });
  });

  it.each([
    '',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/a',
    '10.0.0.256',
    '10.0.0',
    'a.b.c.d',
    '2001:db8::/129',
    '2001:db8:::1',
    '2001:db8::g',
    '1:2:3:4:5:6:7:8:9',
    'fe80::1%eth0',
    'example.com',
  ])('refuses %j', (value) => {
    expect(parseNetwork(value)).toBeNull();
  });

  it('compares networks by their network part, so the same network written twice is one key', () => {
    expect(key('10.0.0.7/8')).toBe(key('10.0.0.0/8'));
    expect(key('10.0.0.7/8')).not.toBe(key('10.0.0.0/16'));
    expect(key('2001:db8:0:0::/32')).toBe(key('2001:DB8::/32'));
    expect(key('2001:db8:ffff::1/32')).toBe(key('2001:db8::/32'));
    expect(key('::ffff:10.0.0.1')).toBe(key('::ffff:a00:1'));
    // An IPv4 network and the IPv6 network its mapped form writes are different networks.
    expect(key('10.0.0.1')).not.toBe(key('::ffff:10.0.0.1'));
  });
});

describe('networkContains', () => {
  const contains = (network: string, address: string) => networkContains(parseNetwork(network)!, address);

  it.each([
    ['10.0.0.0/8', '10.255.255.255', true],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['10.0.0.0/8', '9.255.255.255', false],
    ['192.168.1.128/25', '192.168.1.200', true],
    ['192.168.1.128/25', '192.168.1.127', false],
    ['192.0.2.7', '192.0.2.7', true],
    ['192.0.2.7', '192.0.2.8', false],
    ['0.0.0.0/0', '255.255.255.255', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:db8::/33', '2001:db8:8000::1', false],
    ['2001:db8::/33', '2001:db8:7fff::1', true],
    ['::/0', '2001:db8::1', true],
    ['::1', '::1', true],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '::FFFF:10.1.2.3', true],
    ['10.0.0.0/8', '::ffff:a01:203', true],
    ['10.0.0.0/8', '::ffff:11.1.2.3', false],
    ['::/0', '::ffff:10.1.2.3', false],
    ['::ffff:0:0/96', '::ffff:10.1.2.3', false],
    ['::/0', '10.0.0.1', false],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['0.0.0.0/0', 'not an address', false],
    ['0.0.0.0/0', '', false],
  ])('%j holds %j: %s', (network, address, holds) => {
    expect(contains(network, address)).toBe(holds);
  });
});

describe('clientAddress', () => {
  it('takes an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddress('::ffff:192.0.2.1')).toEqual({ version: 4, bytes: Uint8Array.from([192, 0, 2, 1]) });
  });
  it('keeps other IPv6 addresses, IPv4-compatible ones included', () => {
    expect(clientAddress('::192.0.2.1')?.version).toBe(6);
    expect(clientAddress('2001:db8::1')?.version).toBe(6);
  });
  it('answers null for what is not an address', () => {
    expect(clientAddress('localhost')).toBeNull();
  });
});
