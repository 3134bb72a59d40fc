import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './paths';

describe('safeReturnPath: after sign-in, only back to a page of this console', () => {
  it.each([
    ['/certs?groupName=x', '/certs?groupName=x'],
    ['/service/overview/shop.example/acme?tab=ssl', '/service/overview/shop.example/acme?tab=ssl'],
    ['/home#top', '/home#top'],
  ])('keeps %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/certs'],
    ['a protocol-relative URL', '//evil.example/certs'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'certs'],
    ['login itself (a loop)', '/login?redirect=%2Fcerts'],
    ['logout', '/logout'],
    ['nothing', null],
    ['empty', ''],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});

describe('loginPath', () => {
  it('carries the page asked for, encoded', () => {
    expect(loginPath('/certs?groupName=a b')).toBe('/login?redirect=%2Fcerts%3FgroupName%3Da%2520b');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath()).toBe('/login');
    expect(loginPath('/home')).toBe('/login');
  });
});
