import { clientAddress } from './waf/network.js';

/**
 * The one way a client address is written in the event store: an IPv4 address in dotted
 * decimal, an IPv4 address sent as IPv6 (`::ffff:10.0.0.1`) as that IPv4 address (rules already
 * judge it so, waf/network.ts), and every other IPv6 address as RFC 5952 writes it: lower-case
 * hexadecimal without leading zeros, the longest run of two or more zero groups (the first, of
 * runs as long) as `::`. nginx writes `$remote_addr` so already. One spelling per address lets
 * the store group and filter by the address's number instead of its text (docs/event-log.md,
 * "Client addresses"), and a filter typed as `2001:DB8::1` find what `2001:db8::1` stored.
 * Null when the text is not an address.
 */
export function canonicalClientAddress(text: string): string | null {
  const parsed = clientAddress(text);
  if (!parsed) return null;
  if (parsed.version === 4) return parsed.bytes.join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((parsed.bytes[i]! << 8) | parsed.bytes[i + 1]!);
  return ipv6Text(groups);
}

/** Eight 16-bit groups as RFC 5952 text. */
export function ipv6Text(groups: readonly number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - i > runLength) [runStart, runLength] = [i, end - i];
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (runLength < 2) return hex.join(':');
  return `${hex.slice(0, runStart).join(':')}::${hex.slice(runStart + runLength).join(':')}`;
}
