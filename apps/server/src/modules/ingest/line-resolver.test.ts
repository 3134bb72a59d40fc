import { describe, expect, it } from 'vitest';
import { matchServerName, type ResolvedLine } from './line-resolver.js';

const line = (name: string): ResolvedLine => ({
  groupName: 'g',
  appProfileName: name,
  customerPackage: 'p',
  plan: 'basic',
});
const map = new Map([
  ['shop.example.com', line('exact')],
  ['*.example.com', line('wide')],
  ['*.img.example.com', line('narrow')],
]);

describe('matchServerName', () => {
  it('prefers the exact domain, then the longest wildcard, as nginx does', () => {
    expect(matchServerName(map, 'shop.example.com')?.appProfileName).toBe('exact');
    expect(matchServerName(map, 'a.img.example.com')?.appProfileName).toBe('narrow');
    expect(matchServerName(map, 'x.y.example.com')?.appProfileName).toBe('wide');
  });

  it('ignores case and a trailing dot, and never lets a wildcard cover its own base', () => {
    expect(matchServerName(map, 'SHOP.Example.COM.')?.appProfileName).toBe('exact');
    expect(matchServerName(map, 'shop.example.com:443')?.appProfileName).toBe('exact');
    expect(matchServerName(map, 'a.img.example.com.:8443')?.appProfileName).toBe('narrow');
    expect(matchServerName(map, 'example.com')).toBeUndefined();
    expect(matchServerName(map, 'img.example.org')).toBeUndefined();
  });
});
