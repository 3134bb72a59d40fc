import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dayjs-locale';
import { changeLocale, detectLocale, i18n, resolveInitialLocale } from './i18n';
import { LOCALE_KEY, readStoredLocale } from './storage';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en-US');
});

describe('resolveInitialLocale', () => {
  it('follows the browser on a first visit', () => {
    expect(resolveInitialLocale(undefined, ['zh-TW', 'en-US'])).toBe('zh-TW');
    expect(resolveInitialLocale(undefined, ['zh-HK'])).toBe('zh-TW');
    expect(resolveInitialLocale(undefined, ['fr-FR', 'zh'])).toBe('zh-CN');
    expect(resolveInitialLocale(undefined, ['de-DE'])).toBe('en-US');
    expect(resolveInitialLocale(undefined, [])).toBe('en-US');
  });

  it('prefers a stored choice over the browser', () => {
    expect(resolveInitialLocale('en-US', ['zh-TW'])).toBe('en-US');
  });
});

describe('detectLocale and changeLocale', () => {
  it('reads navigator.languages when nothing is stored', () => {
    browserLanguages(['zh-TW', 'en']);
    expect(detectLocale()).toBe('zh-TW');
  });

  it('ignores a stored value that is not a console locale', () => {
    localStorage.setItem(LOCALE_KEY, 'fr-FR');
    browserLanguages(['zh-CN']);
    expect(detectLocale()).toBe('zh-CN');
  });

  it('persists the choice, which then wins over the browser', async () => {
    browserLanguages(['zh-TW']);
    await changeLocale('zh-CN');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('zh-CN');
    expect(readStoredLocale()).toBe('zh-CN');
    expect(detectLocale()).toBe('zh-CN');
  });

  it('switches translations, <html lang> and dayjs together', async () => {
    await changeLocale('zh-TW');
    expect(i18n.t('notFound.title')).toBe('頁面不存在');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(dayjs.locale()).toBe('zh-tw');

    await changeLocale('en-US');
    expect(i18n.t('notFound.title')).toBe('Page not found');
    expect(document.documentElement.lang).toBe('en-US');
    expect(dayjs.locale()).toBe('en');
  });
});
