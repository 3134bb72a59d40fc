import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it('leaves out empty values, so a number parameter is never read as 0', () => {
    expect(parseQueryString('groupName=acme&createdTo=&search=')).toEqual({ groupName: 'acme' });
    expect(parseQueryString('a=&a=2&b=1&b=3')).toEqual({ a: '2', b: ['1', '3'] });
  });

  it('keeps what is given, blanks and prototype keys as plain keys', () => {
    const query = parseQueryString('search=%20&__proto__=x');
    expect(query.search).toBe(' ');
    expect(Object.hasOwn(query, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
