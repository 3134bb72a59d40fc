import { isIP as nodeIsIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIP } from './net.js';

// The console cannot use node:net; our version must agree with it.
describe('isIP', () => {
  it.each([
    '1.2.3.4',
    '255.255.255.255',
    '0.0.0.0',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4.5',
    '::',
    '::1',
    '2001:db8::1',
    '2001:db8:0:0:0:0:0:1',
    '2001:db8::1::2',
    '2001:db8:::1',
    ':::',
    ':1::2',
    '1::2:',
    '1:2:3:4:5:6:7::',
    '::1:2:3:4:5:6:7',
    '1:2:3:4:5:6:1.2.3.4',
    'fe80::1%eth0',
    '::ffff:192.0.2.1',
    '2001:db8:0:0:0:0:0:0:1',
    'gggg::1',
    'example.com',
    '',
    ' 1.2.3.4',
  ])('%j as node does', (value) => {
    // A zone id (fe80::1%eth0) names a local interface: node accepts it, an origin never has one.
    expect(isIP(value)).toBe(value.includes('%') ? 0 : nodeIsIP(value));
  });
});
