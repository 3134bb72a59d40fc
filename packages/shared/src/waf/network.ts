import { isIP } from '../net.js';

/**
 * IP networks of rule conditions (`10.0.0.0/8`, `2001:db8::/32`, or one address), parsed the
 * same way in the browser, on the server and for the evaluator. An address is its bytes; a
 * network is the bytes of its first address and a prefix length.
 */
export interface Network {
  version: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

function v4Bytes(value: string): Uint8Array {
  return Uint8Array.from(value.split('.').map(Number));
}

function v6Bytes(value: string): Uint8Array {
  let text = value;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    tail.push(...v4Bytes(last));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups].map((g) => parseInt(g, 16));
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/** The bytes of an IPv4 or IPv6 address, or null when it is not one. */
export function addressBytes(value: string): { version: 4 | 6; bytes: Uint8Array } | null {
  const version = isIP(value);
  if (version === 4) return { version, bytes: v4Bytes(value) };
  if (version === 6) return { version, bytes: v6Bytes(value) };
  return null;
}

/**
 * Parses `address` or `address/prefix`. The address is kept as written but compared by its
 * network part, so `10.0.0.7/8` and `10.0.0.0/8` are the same network (a duplicate).
 */
export function parseNetwork(value: string): Network | null {
  const [address = '', prefixText, extra] = value.trim().split('/');
  if (extra !== undefined) return null;
  const parsed = addressBytes(address);
  if (!parsed) return null;
  const max = parsed.version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { version: parsed.version, bytes: masked(parsed.bytes, prefix), prefix };
}

function masked(bytes: Uint8Array, prefix: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  for (let i = 0; i < out.length; i++) {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    out[i] = (out[i] ?? 0) & ((0xff << (8 - bits)) & 0xff);
  }
  return out;
}

/** The canonical text of a network (`10.0.0.0/8`), for duplicate checks. */
export function networkKey(network: Network): string {
  return `${network.version}:${[...network.bytes].join('.')}/${network.prefix}`;
}

/**
 * A client's address as rules judge it: an IPv4 address written as IPv6 (`::ffff:10.0.0.1`)
 * counts as the IPv4 address it stands for, and only as that, as nginx's geo lookup treats a
 * dual-stack client. Null when the text is not an address.
 */
export function clientAddress(value: string): { version: 4 | 6; bytes: Uint8Array } | null {
  const parsed = addressBytes(value.trim());
  if (parsed?.version === 6 && isMappedV4(parsed.bytes)) return { version: 4, bytes: parsed.bytes.slice(12) };
  return parsed;
}

/** Whether a parsed client address lies in a network (no allocation: the evaluator calls it per request). */
export function networkHolds(network: Network, address: { version: 4 | 6; bytes: Uint8Array }): boolean {
  if (address.version !== network.version) return false;
  const whole = network.prefix >> 3;
  for (let i = 0; i < whole; i++) if (address.bytes[i] !== network.bytes[i]) return false;
  const bits = network.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((address.bytes[whole] ?? 0) & mask) === network.bytes[whole];
}

/** Whether an address (as `clientAddress` reads it) lies in a network. */
export function networkContains(network: Network, address: string): boolean {
  const parsed = clientAddress(address);
  return parsed !== null && networkHolds(network, parsed);
}

function isMappedV4(bytes: Uint8Array): boolean {
  return bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}
