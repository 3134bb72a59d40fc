import { describe, expect, it } from 'vitest';
import {
  addressNetworks,
  classifyAddress,
  isForbiddenHostName,
  literalOriginProblem,
  originHost,
  type AddressKind,
} from './origin-address.js';
import { parseNetwork } from './waf/network.js';

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

describe('addressNetworks', () => {
  const networks = addressNetworks().map((entry) => ({ ...entry, parsed: parseNetwork(entry.network) }));
  const holds = (net: { version: 4 | 6; bytes: Uint8Array; prefix: number }, bytes: Uint8Array) => {
    for (let bit = 0; bit < net.prefix; bit++) {
      const mask = 0x80 >> (bit & 7);
      if (((net.bytes[bit >> 3] ?? 0) & mask) !== ((bytes[bit >> 3] ?? 0) & mask)) return false;
    }
    return true;
  };
  /** Public by the most specific network holding the address, as nginx's `geo` answers. */
  const publicByNetworks = (ip: string): boolean => {
    const address = parseNetwork(ip)!;
    let best: { prefix: number; isPublic: boolean } = { prefix: -1, isPublic: true };
    for (const { parsed, isPublic } of networks)
      if (parsed!.version === address.version && parsed!.prefix > best.prefix && holds(parsed!, address.bytes))
        best = { prefix: parsed!.prefix, isPublic };
    return best.isPublic;
  };

  it('writes every network so that it parses, each once', () => {
    for (const { network, parsed } of networks) expect(parsed, network).not.toBeNull();
    const keys = networks.map(({ parsed }) => `${parsed!.version}:${[...parsed!.bytes].join('.')}/${parsed!.prefix}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says public exactly where classifyAddress does, for chosen and random addresses', () => {
    let seed = 11;
    const random = (n: number) => Math.floor(((seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32) * n);
    const group = () => random(0x10000).toString(16);
    const v4 = () => [random(256), random(256), random(256), random(256)].join('.');
    const chosen = [
      '8.8.8.8',
      '10.1.2.3',
      '168.63.129.16',
      '168.63.129.17',
      '169.254.169.254',
      '255.255.255.255',
      '100.64.0.1',
      '::',
      '::1',
      '::ffff:8.8.8.8',
      '::ffff:10.0.0.1',
      '::8.8.8.8',
      '::10.0.0.1',
      '64:ff9b::8.8.8.8',
      '64:ff9b::192.168.0.1',
      '64:ff9b:1::1',
      '2002:808:808::1',
      '2002:a00:1::1',
      '2001:db8::1',
      '2001:4860::8888',
      '2001:1ff::1',
      '2001:200::1',
      '3fff::1',
      '3fff:1000::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '100::1',
      '4000::1',
      '1fff::1',
      '2606:4700::1111',
    ];
    const randoms = Array.from({ length: 4000 }, (_, i) => {
      switch (i % 6) {
        case 0:
          return v4();
        case 1:
          return `::ffff:${v4()}`;
        case 2:
          return `64:ff9b::${v4()}`;
        case 3:
          return `2002:${group()}:${group()}::${group()}`;
        case 4:
          return `${(0x2000 + random(0x2000)).toString(16)}:${group()}::${group()}`;
        default:
          return Array.from({ length: 8 }, group).join(':');
      }
    });
    for (const ip of [...chosen, ...randoms]) expect(publicByNetworks(ip), ip).toBe(classifyAddress(ip) === 'public');
  });
});
