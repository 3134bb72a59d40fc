import { isIP } from './net.js';
import { networkHolds, parseNetwork } from './waf/network.js';

/**
 * Which addresses may be origins (docs/certificates-and-origins.md, "Private origins"). The
 * console checks literal addresses as they are typed; the server checks them again and also
 * what a host name resolves to, at save and before every health check connects.
 */

/** Why an address may not be an origin; `public` when it may. */
export const ADDRESS_KINDS = [
  'public',
  'unspecified',
  'loopback',
  'private',
  'cgnat',
  'link_local',
  'metadata',
  'multicast',
  'broadcast',
  'documentation',
  'reserved',
] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Field codes of an origin refused by this rule (translated under `fieldErrors`). */
export const PRIVATE_ORIGIN_FIELD_CODES = ['private_origin_address', 'origin_unresolvable'] as const;
export type PrivateOriginFieldCode = (typeof PRIVATE_ORIGIN_FIELD_CODES)[number];

type Range4 = [prefix: string, bits: number, kind: AddressKind];

/** First match wins, so the metadata and broadcast addresses come before the ranges holding them. */
const V4_RANGES: Range4[] = [
  ['169.254.169.254', 32, 'metadata'], // AWS, GCP, Azure, OpenStack...
  ['169.254.170.2', 32, 'metadata'], // AWS ECS task credentials
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud
  ['168.63.129.16', 32, 'metadata'], // Azure wire server: a public address that answers only inside Azure
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const v4Number = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const V4_TABLE = V4_RANGES.map(([prefix, bits, kind]) => ({ start: v4Number(prefix), size: 2 ** (32 - bits), kind }));

function classifyV4(ip: string): AddressKind {
  const n = v4Number(ip);
  return V4_TABLE.find((r) => n >= r.start && n < r.start + r.size)?.kind ?? 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes two groups). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const n = v4Number(tail);
    text = `${text.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

const v4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

function classifyV6(ip: string): AddressKind {
  const g = v6Groups(ip);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach an IPv4 address.
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) return classifyV4(v4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyV4(v4Of(g6, g7));
  // 6to4 (2002:a.b.c.d::/48) carries its IPv4 address in the second and third groups.
  if (g0 === 0x2002) return classifyV4(v4Of(g1, g2));
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g7 === 0x254) return 'metadata'; // AWS over IPv6
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // local-use NAT64 (64:ff9b:1::/48)
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation'; // 3fff::/20
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the old site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // 100::/64 discard
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved'; // 2001::/23 protocol assignments, Teredo among them
  // Only 2000::/3 is allocated for global unicast.
  return (g0 & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** A network and whether its addresses are public, for a longest-prefix lookup (nginx's `geo`). */
export interface AddressNetwork {
  readonly network: string;
  readonly isPublic: boolean;
}

const hex = (n: number): string => n.toString(16);

/**
 * `classifyAddress` as networks: the most specific network holding an address says whether it
 * is public (a test holds the two equal). The edge's nginx gets it as a `geo` block, so that,
 * like the console, it reads no country or ISP for an address that is not public.
 */
export function addressNetworks(): AddressNetwork[] {
  const out: AddressNetwork[] = V4_RANGES.map(([prefix, bits]) => ({ network: `${prefix}/${bits}`, isPublic: false }));
  // IPv6 outside 2000::/3 is reserved, and so are these inside it.
  for (const network of ['::/3', '4000::/2', '8000::/1', '2001::/23', '2001:db8::/32', '3fff::/20'])
    out.push({ network, isPublic: false });
  // Where IPv6 carries an IPv4 address, that address decides: the IPv4 table again, shifted.
  const groups = (v4: number) => `${hex(v4 >>> 16)}:${hex(v4 & 0xffff)}`;
  const embedded: Array<[prefix: string, bits: number, at: (v4: number) => string]> = [
    ['::ffff:0:0', 96, (v4) => `::ffff:${groups(v4)}`],
    ['::', 96, (v4) => `::${groups(v4)}`],
    ['64:ff9b::', 96, (v4) => `64:ff9b::${groups(v4)}`],
    ['2002::', 16, (v4) => `2002:${groups(v4)}::`],
  ];
  for (const [prefix, bits, at] of embedded) {
    out.push({ network: `${prefix}/${bits}`, isPublic: true });
    for (const [v4, v4Bits] of V4_RANGES)
      out.push({ network: `${at(v4Number(v4))}/${bits + v4Bits}`, isPublic: false });
  }
  return withoutRedundant(out);
}

/**
 * Drops a network whose most specific holder says the same (the broadcast and metadata
 * addresses inside non-public ranges): fewer lines, and nginx's `geo` refuses 255.255.255.255/32.
 */
function withoutRedundant(entries: AddressNetwork[]): AddressNetwork[] {
  const parsed = entries.map((entry) => ({ entry, network: parseNetwork(entry.network)! }));
  return parsed
    .filter(({ entry, network }) => {
      let holder: { prefix: number; isPublic: boolean } | undefined;
      for (const other of parsed)
        if (other.network.prefix < network.prefix && (holder?.prefix ?? -1) < other.network.prefix)
          if (networkHolds(other.network, network))
            holder = { prefix: other.network.prefix, isPublic: other.entry.isPublic };
      return holder === undefined ? !entry.isPublic : holder.isPublic !== entry.isPublic;
    })
    .map(({ entry }) => entry);
}

/**
 * The kind of a literal IPv4 or IPv6 address (brackets allowed), or null when the value is not
 * an IP address (a host name, whose addresses only the server can look up).
 */
export function classifyAddress(value: string): AddressKind | null {
  const ip = value.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(ip);
  if (version === 4) return classifyV4(ip);
  if (version === 6) return classifyV6(ip);
  return null;
}

/**
 * Names that are local or metadata by definition, whatever a resolver says of them: refused
 * before any lookup, so the console can warn as they are typed.
 */
const FORBIDDEN_NAMES = [
  'localhost',
  'metadata',
  'metadata.google.internal',
  'instance-data',
  'instance-data.ec2.internal',
];
const FORBIDDEN_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa'];

export function isForbiddenHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return FORBIDDEN_NAMES.includes(name) || FORBIDDEN_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** The host of an origin address (`host`, `host:port`, `[v6]:port`, bare IPv6); the port is the edge's business. */
export function originHost(address: string): string {
  const value = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1] ?? '';
  if ((value.match(/:/g) ?? []).length > 1) return value;
  return value.split(':')[0] ?? '';
}

/**
 * What can be said of an origin address without a resolver: refused (a forbidden literal IP or
 * name), `public` for a public IP, or null for a host name the server must look up.
 */
export function literalOriginProblem(address: string): PrivateOriginFieldCode | 'public' | null {
  const host = originHost(address);
  const kind = classifyAddress(host);
  if (kind !== null) return kind === 'public' ? 'public' : 'private_origin_address';
  return isForbiddenHostName(host) ? 'private_origin_address' : null;
}
