import { DEFAULT_LOCALE, ERROR_CODE_LIST, ERROR_CODES, FIELD_ERROR_CODES, LOCALES } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { findLocaleProblems, flattenMessages } from './compare';
import { NAMESPACES, resources } from './all';
import { bundledResources, loadConsoleResources, PUBLIC_NAMESPACES, type Messages } from './index';

describe('locale files', () => {
  it('has a folder for every locale and the expected namespaces', () => {
    for (const locale of LOCALES)
      expect(Object.keys(resources[locale]).sort()).toEqual(
        expect.arrayContaining(['admin', 'auth', 'common', 'errors', 'fieldErrors', 'nav', 'plans', 'profile']),
      );
  });

  it('are each in one bundle: the public namespaces with the entry, the rest in the console chunk of the language', async () => {
    for (const locale of LOCALES) {
      const console = await loadConsoleResources(locale);
      expect(Object.keys(bundledResources[locale]).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
      expect([...Object.keys(bundledResources[locale]), ...Object.keys(console)].sort()).toEqual(NAMESPACES);
      expect(console).toEqual(
        Object.fromEntries(
          Object.entries(resources[locale]).filter(([ns]) => !(PUBLIC_NAMESPACES as readonly string[]).includes(ns)),
        ),
      );
    }
  });

  it('have the same keys, all non-empty strings, in every locale', () => {
    expect(findLocaleProblems(resources, DEFAULT_LOCALE)).toEqual([]);
  });

  it('translate every API error code, in English with the message of errors.ts', () => {
    for (const locale of LOCALES) {
      const errors = flattenMessages(resources[locale].errors ?? {});
      for (const code of ERROR_CODE_LIST)
        expect(errors.get(code), `${locale} errors.${code}`).toEqual(expect.stringMatching(/\S/));
    }
    const english = flattenMessages(resources['en-US'].errors ?? {});
    for (const code of ERROR_CODE_LIST) expect(english.get(code)).toBe(ERROR_CODES[code].message);
  });

  it('translate every field error code', () => {
    for (const locale of LOCALES) {
      const fieldErrors = flattenMessages(resources[locale].fieldErrors ?? {});
      for (const code of FIELD_ERROR_CODES)
        expect(fieldErrors.get(code), `${locale} fieldErrors.${code}`).toEqual(expect.stringMatching(/\S/));
    }
  });
});

describe('findLocaleProblems', () => {
  const en: Record<string, Messages> = { common: { a: 'A', nested: { b: 'B {{name}}' } } };

  it('accepts matching locales', () => {
    expect(
      findLocaleProblems({ 'en-US': en, 'zh-CN': { common: { a: '甲', nested: { b: '乙 {{name}}' } } } }, 'en-US'),
    ).toEqual([]);
  });

  it('reports a missing key, an empty string, an extra key and a missing namespace', () => {
    const broken = {
      'en-US': { ...en, nav: { x: 'X' } },
      'zh-CN': { common: { a: '', extra: '多' } },
      'zh-TW': { common: { a: '甲', nested: { b: '乙 {{other}}' } }, nav: { x: '叉' } },
    };
    expect(findLocaleProblems(broken, 'en-US')).toEqual([
      'zh-CN/common: a is not a non-empty string',
      'zh-CN/common: missing nested.b',
      'zh-CN/common: extra extra (not in en-US)',
      'zh-TW/common: nested.b has other placeholders',
      'zh-CN/nav: namespace missing',
    ]);
  });

  it('reports keys only the other locales have, and non-string leaves', () => {
    const broken = {
      'en-US': { common: { a: 'A', n: 1 as unknown as string } },
      'zh-TW': { common: { a: '甲', n: '一' }, extra: { y: '乙' } },
    };
    expect(findLocaleProblems(broken, 'en-US')).toEqual([
      'en-US/common: n is not a non-empty string',
      'en-US/extra: namespace missing',
      'zh-TW/extra: extra y (not in en-US)',
    ]);
  });
});
