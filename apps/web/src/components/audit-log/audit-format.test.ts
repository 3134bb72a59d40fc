import {
  LOCALES,
  originPolicySettingsSchema,
  originSchema,
  PERMISSIONS,
  serviceLineSettingsSchema,
  usedOriginPolicySchema,
  usedWafRuleSchema,
  wafRuleSettingsSchema,
} from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '@/lib/format-time';
import { valueFormat } from '@/lib/format-values';
import { i18n, initI18n } from '@/lib/i18n';
import { auditFormat, type Translator } from './audit-format';

initI18n();

function formatIn(entity: string, language: string) {
  const fixed = i18n.getFixedT(language);
  const translator: Translator = {
    t: (key, options) => String(fixed(key as never, options as never)),
    exists: (key) => i18n.exists(key, { lng: language }),
  };
  return auditFormat(entity, translator, valueFormat(i18n.getFixedT(language, 'display'), language));
}

const listFields = (list: string, shape: object) => Object.keys(shape).map((key) => `${list}.${key}`);

/** The fields each entity's audit entries hold (the server's audit views; the shared schemas where there is one). */
const AUDITED: Record<string, string[]> = {
  'service-line': [
    'appProfileName',
    ...Object.keys(serviceLineSettingsSchema.shape),
    ...listFields('origins', originSchema.shape),
    ...listFields('usedOriginPolicies', usedOriginPolicySchema.shape),
    ...listFields('usedWafRules', usedWafRuleSchema.shape),
  ],
  'origin-policy': [
    'policyName',
    ...Object.keys(originPolicySettingsSchema.shape),
    ...listFields('origins', originSchema.shape),
  ],
  cert: ['keypairname', 'commonName', 'validityEnd', 'pemFileName'],
  'html-page': ['htmlPageName', 'fileName', 'ridPosition', 'ridColor', 'contentBytes'],
  'waf-rule': ['ruleName', ...Object.keys(wafRuleSettingsSchema.shape)],
  group: ['name', 'plan'],
  user: [
    'username',
    'email',
    'disabled',
    'credentialsChangedAt',
    'via',
    'phoneNumber',
    'hasAvatar',
    'avatarType',
    'otpEnabled',
  ],
  member: Object.entries(PERMISSIONS).flatMap(([area, children]) => [
    `rolePermissions.${area}.read`,
    `rolePermissions.${area}.write`,
    ...children.map((child) => `rolePermissions.${area}.children.${child}.write`),
  ]),
};

describe('audit field labels', () => {
  it('every audited field has a label in every language (no raw keys such as errorHtmlPageName)', () => {
    const missing = LOCALES.flatMap((language) =>
      Object.entries(AUDITED).flatMap(([entity, fields]) => {
        const { label } = formatIn(entity, language);
        return fields
          .filter((field) => label(field) === field || /^[a-z]+[A-Z.]/.test(label(field)))
          .map((field) => `${language} ${entity} ${field}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('uses the forms’ own labels', () => {
    expect(formatIn('service-line', 'en-US').label('errorHtmlPageName')).toBe('Error HTML Page Name');
    expect(formatIn('service-line', 'zh-CN').label('errorHtmlPageName')).toBe('错误页面');
    expect(formatIn('cert', 'zh-TW').label('validityEnd')).toBe('有效期至');
    expect(formatIn('member', 'en-US').label('rolePermissions.serviceLines.children.origin.write')).toBe(
      'Service Lines · Origin · Write',
    );
    expect(formatIn('origin-policy', 'zh-TW').label('origins.weight')).toBe('權重');
  });
});

describe('audit values', () => {
  it('shows dates in the locale, never epoch numbers (seen: validityEnd 1803201695000)', () => {
    const at = new Date(2027, 1, 28, 14, 5).getTime();
    // As every instant of the console: 24-hour, seconds and the (machine's) zone.
    expect(formatIn('cert', 'en-US').value('validityEnd', at)).toBe(formatInstant('en-US', at));
    expect(formatIn('cert', 'en-US').value('validityEnd', at)).toMatch(/^Feb 28, 2027, 14:05:00 /);
    expect(formatIn('cert', 'zh-CN').value('validityEnd', at)).toBe(formatInstant('zh-CN', at));
    expect(formatIn('cert', 'zh-CN').value('validityEnd', at)).toContain('2027年2月28日');
  });

  it('shows lists readably: plain lists comma-separated, lists of items one per line', () => {
    const en = formatIn('service-line', 'en-US');
    expect(en.value('servername', ['a.example.com', 'b.example.com'])).toBe('a.example.com, b.example.com');
    expect(
      en.value('origins', [
        { address: '10.0.0.1', weight: 1, backup: false, enabled: true },
        { address: '10.0.0.2', weight: 5, backup: true, enabled: true },
      ]),
    ).toBe(
      'Address: 10.0.0.1, Weight: 1, As Backup: No, Enabled: Yes\nAddress: 10.0.0.2, Weight: 5, As Backup: Yes, Enabled: Yes',
    );
    expect(
      formatIn('service-line', 'zh-CN').value('usedOriginPolicies', [
        { regionName: ['default', 'JP'], originPolicyName: 'p1' },
      ]),
    ).toBe('区域: 默认（其他所有访客）, 日本, 源站策略: p1');
  });

  it('translates yes/no, durations, schemes and coded values', () => {
    const zhTW = formatIn('service-line', 'zh-TW');
    expect(zhTW.value('useHsts', true)).toBe('是');
    expect(zhTW.value('cusCachepathExp', '1d')).toBe('1天');
    expect(zhTW.value('scheme', ['http', 'https'])).toBe('HTTP 與 HTTPS');
    expect(formatIn('origin-policy', 'zh-CN').value('loadBalancerMethod', 'roundrobin')).toBe('轮询');
    expect(formatIn('group', 'en-US').value('plan', 'pro')).toBe('Pro');
    expect(formatIn('html-page', 'en-US').value('contentBytes', 512)).toBe('512 bytes');
  });
});
