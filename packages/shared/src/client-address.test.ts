import { SocketAddress } from 'node:net';
import { describe, expect, it } from 'vitest';
import { canonicalClientAddress } from './client-address.js';

describe('canonicalClientAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8::0001', '2001:db8::1'],
    ['::', '::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['1::', '1::'],
    // The longest run is the one compressed; of two as long, the first.
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    // One zero group alone is never compressed.
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    // An IPv4-compatible address is plain IPv6 (only ::ffff:0:0/96 stands for IPv4).
    ['::1.2.3.4', '::102:304'],
  ])('writes %s as %s', (text, canonical) => {
    expect(canonicalClientAddress(text)).toBe(canonical);
  });

  it.each(['', 'x', '1.2.3', '01.2.3.4', 'fe80::1%eth0', '1::2::3'])('refuses %j', (text) => {
    expect(canonicalClientAddress(text)).toBeNull();
  });

  // node:net writes IPv6 text the same way, but for the two forms with a dotted tail.
  it('agrees with node:net for random IPv6 addresses with zero runs', () => {
    // A fixed linear congruential sequence: the same addresses every run.
    let state = 7;
    const random = (): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const groups = Array.from({ length: 8 }, () => (random() < 0.45 ? 0 : Math.floor(random() * 0x10000)));
      if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0 || groups[5] === 0xffff)) continue;
      const text = groups
        .map((g) =>
          g
            .toString(16)
            .toUpperCase()
            .padStart(random() < 0.5 ? 4 : 1, '0'),
        )
        .join(':');
      expect(canonicalClientAddress(text)).toBe(new SocketAddress({ address: text, family: 'ipv6' }).address);
    }
  });
});
