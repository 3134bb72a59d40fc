import { describe, expect, it } from 'vitest';
import { findNavSelection } from './nav-items';

describe('findNavSelection', () => {
  it('selects the item of the page and opens its group', () => {
    expect(findNavSelection('/certs')).toEqual({ selected: '/certs', group: undefined });
    expect(findNavSelection('/user/security')).toEqual({ selected: '/user/security', group: 'account' });
  });

  it('prefers the longest matching path', () => {
    expect(findNavSelection('/service-lines/create')).toEqual({
      selected: '/service-lines/create',
      group: 'service-lines',
    });
    expect(findNavSelection('/service-lines')).toEqual({ selected: '/service-lines', group: 'service-lines' });
  });

  it('lights the parent screen for nested paths, and nothing for unrelated ones', () => {
    expect(findNavSelection('/home/firewall').selected).toBe('/home');
    expect(findNavSelection('/service/overview/shop/alpha').selected).toBe('/service/overview');
    expect(findNavSelection('/homework')).toEqual({});
  });
});
