import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  isForbiddenHostName,
  literalOriginProblem,
  originHost,
  type AddressKind,
} from './origin-address.js';

describe('classifyAddress', () => {
  it.each<[string, AddressKind]>([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:808:808::1', 'public'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001::200e', 'public'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it.each(['example.com', 'localhost', '1.2.3', '', '::1::2'])('%j is not an address', (value) => {
    expect(classifyAddress(value)).toBeNull();
  });
});

describe('isForbiddenHostName', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'db.localhost',
    'metadata.google.internal',
    'metadata',
    'printer.local',
    'nas.home.arpa',
    'svc.internal',
  ])('%s is refused', (name) => {
    expect(isForbiddenHostName(name)).toBe(true);
  });
  it.each(['origin.example.com', 'localhost.example.com', 'internal.example.com', 'metadata.example.com'])(
    '%s is allowed',
    (name) => {
      expect(isForbiddenHostName(name)).toBe(false);
    },
  );
});

describe('literalOriginProblem', () => {
  it.each([
    ['127.0.0.1:5432', 'private_origin_address'],
    ['[::1]:6379', 'private_origin_address'],
    ['[::ffff:127.0.0.1]', 'private_origin_address'],
    ['::1', 'private_origin_address'],
    ['localhost:8080', 'private_origin_address'],
    ['8.8.8.8:80', 'public'],
    ['[2606:4700::1]:443', 'public'],
    ['origin.example.com:8443', null],
  ])('%s → %s', (address, problem) => {
    expect(literalOriginProblem(address)).toBe(problem);
  });

  it('takes the host out of every address form', () => {
    expect(['a.example:80', '[::1]:80', '[::1]', '::1', 'a.example', '10.0.0.1:8080'].map(originHost)).toEqual([
      'a.example',
      '::1',
      '::1',
      '::1',
      'a.example',
      '10.0.0.1',
    ]);
  });
});
