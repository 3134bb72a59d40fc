import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';
import { formatInstant } from './format-time';
import { valueFormat } from './format-values';

initI18n();
const inLanguage = (language: string) => valueFormat(i18n.getFixedT(language, 'display'), language);

describe('valueFormat', () => {
  it('shows stored durations in the language', () => {
    const en = inLanguage('en-US');
    expect(['30s', '10m', '1h', '1d', '15d', '2w'].map(en.duration)).toEqual([
      '30 seconds',
      '10 minutes',
      '1 hour',
      '1 day',
      '15 days',
      '2 weeks',
    ]);
    expect(['1d', '30d', '10m', '2w'].map(inLanguage('zh-CN').duration)).toEqual(['1天', '30天', '10分钟', '2周']);
    expect(['1d', '1h', '2w'].map(inLanguage('zh-TW').duration)).toEqual(['1天', '1小時', '2週']);
    expect(en.duration('forever')).toBe('forever');
  });

  it('names schemes: the protocols stay, the words around them are translated', () => {
    expect(inLanguage('en-US').schemes(['http', 'https'])).toBe('HTTP and HTTPS');
    expect(inLanguage('zh-CN').schemes(['http', 'https'])).toBe('HTTP 和 HTTPS');
    expect(inLanguage('zh-TW').schemes(['https', 'http'])).toBe('HTTP 與 HTTPS');
    expect(inLanguage('zh-CN').schemes(['https'])).toBe('HTTPS');
  });

  it('names regions in the language, the default region too', () => {
    expect(inLanguage('en-US').region('TW')).toBe('Taiwan');
    expect(inLanguage('zh-CN').region('JP')).toBe('日本');
    expect(inLanguage('zh-CN').region('default')).toBe('默认（其他所有访客）');
    expect(inLanguage('zh-TW').regionShort('default')).toBe('預設');
  });

  it('writes dates in the language, booleans as yes or no', () => {
    // In the machine's own zone, as the browser's: a 24-hour clock with seconds, and the zone.
    const at = new Date(2027, 1, 28, 14, 5).getTime();
    for (const language of ['en-US', 'zh-CN', 'zh-TW']) {
      const written = inLanguage(language).dateTime(at);
      expect(written).toBe(formatInstant(language, at));
      expect(written).toContain('14:05:00');
      expect(written).toContain('2027');
    }
    expect(inLanguage('en-US').dateTime(new Date(at).toISOString())).toBe(formatInstant('en-US', at));
    expect(inLanguage('en-US').dateTime(at)).not.toContain('PM');
    expect(inLanguage('zh-TW').yesNo(true)).toBe('是');
    expect(inLanguage('en-US').yesNo(false)).toBe('No');
  });
});
