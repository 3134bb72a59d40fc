import { describe, expect, it } from 'vitest';
import { certCoversDomain, uncoveredDomains } from './cert-coverage.js';

describe('certCoversDomain', () => {
  it.each([
    ['exact name', ['shop.example.com'], 'shop.example.com', true],
    ['another name', ['other.example.com'], 'shop.example.com', false],
    ['case of the name', ['Shop.Example.COM'], 'shop.example.com', true],
    ['case of the domain', ['shop.example.com'], 'SHOP.example.com', true],
    ['trailing dot', ['shop.example.com.'], 'shop.example.com', true],
    ['wildcard, one label', ['*.example.com'], 'shop.example.com', true],
    ['wildcard, case', ['*.EXAMPLE.com'], 'Shop.example.com', true],
    ['wildcard does not cover the apex', ['*.example.com'], 'example.com', false],
    ['wildcard does not cover two levels', ['*.example.com'], 'a.shop.example.com', false],
    ['wildcard does not cover a wildcard one level down', ['*.example.com'], '*.shop.example.com', false],
    ['wildcard covers the same wildcard', ['*.example.com'], '*.example.com', true],
    ['wildcard of another suffix', ['*.example.org'], 'shop.example.com', false],
    ['suffix glued to the label', ['*.example.com'], 'shopexample.com', false],
    ['a plain name does not act as a wildcard', ['example.com'], 'shop.example.com', false],
    ['a wildcard in the middle is not one', ['shop.*.com'], 'shop.example.com', false],
    ['one of several names', ['a.example.org', '*.example.com'], 'shop.example.com', true],
    ['no names', [], 'shop.example.com', false],
  ])('%s', (_case, names, domain, covered) => {
    expect(certCoversDomain(names, domain)).toBe(covered);
  });
});

describe('uncoveredDomains', () => {
  it('counts the common name with the SAN and keeps the order of the domains', () => {
    const cert = { commonName: 'shop.example.com', san: ['*.example.org'] };
    expect(
      uncoveredDomains(cert, ['b.example.com', 'shop.example.com', 'x.example.org', 'example.org', 'a.example.com']),
    ).toEqual(['b.example.com', 'example.org', 'a.example.com']);
  });

  it('is empty when everything is covered', () => {
    expect(
      uncoveredDomains({ commonName: 'example.com', san: ['example.com', '*.example.com'] }, [
        'example.com',
        'www.example.com',
      ]),
    ).toEqual([]);
  });
});
