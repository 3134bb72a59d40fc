import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';

initI18n();

describe('messages that quote limits', () => {
  it('fill them in from the shared constants in every language', async () => {
    await i18n.changeLanguage('en-US');
    expect(i18n.t('fieldErrors:http_port_not_allowed')).toBe(
      'HTTP ports can only be 80, 8080, 8880, 2052, 2082, 2086, 2095.',
    );
    expect(i18n.t('fieldErrors:https_port_not_allowed')).toContain('443, 1001–4999, 6001–32767');
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t('fieldErrors:subdomain_length_exceeded')).toContain('63');
    await i18n.changeLanguage('en-US');
  });
});
