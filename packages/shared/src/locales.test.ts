import { describe, expect, it } from 'vitest';
import { matchLocale, pickLocale } from './locales.js';

describe('pickLocale', () => {
  it.each([
    [['zh-TW'], 'zh-TW'],
    [['zh-HK', 'en'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['en-GB'], 'en-US'],
    [['fr-FR', 'zh-TW'], 'zh-TW'],
    [['fr-FR', 'de'], 'en-US'],
    [[], 'en-US'],
  ] as const)('%j → %s', (tags, expected) => {
    expect(pickLocale(tags)).toBe(expected);
  });

  it('does not mistake a look-alike tag', () => {
    expect(matchLocale('zht')).toBeUndefined();
    expect(matchLocale('eng')).toBeUndefined();
  });
});
