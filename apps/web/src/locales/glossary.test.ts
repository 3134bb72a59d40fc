import { LOCALES, type Locale } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from './compare';
import { resources } from './all';
import type { Messages } from './index';

/**
 * One term per product noun and language (docs/console-language.md). `variants` are the wrong
 * ways we have seen or expect (a neighbour language's word, a synonym, a typo); a plain string
 * matches anywhere (case-insensitively), a RegExp where a plain string would be too broad.
 */
interface Term {
  term: string;
  variants: (string | RegExp)[];
}
type Glossary = Record<string, Record<Locale, Term>>;

const GLOSSARY: Glossary = {
  serviceLine: {
    'en-US': { term: 'service line', variants: ['service profile', 'app profile', 'service route'] },
    'zh-CN': { term: '服务线', variants: ['服务线路', '业务线', '服务配置档'] },
    'zh-TW': { term: '服務線', variants: ['服務線路', '業務線', '服务线'] },
  },
  originPolicy: {
    'en-US': { term: 'origin policy', variants: ['origin strategy', 'source policy'] },
    'zh-CN': { term: '源站策略', variants: ['源站政策', '来源策略', '回源策略', '來源策略'] },
    'zh-TW': { term: '源站策略', variants: ['源站政策', '來源策略', '回源策略', '来源策略'] },
  },
  origin: {
    'en-US': { term: 'origin', variants: ['source server', 'source site'] },
    'zh-CN': { term: '源站', variants: ['来源服务器', '源服务器', '源站服务器', /^来源$/] },
    'zh-TW': { term: '源站', variants: ['來源伺服器', '源伺服器', '源站伺服器', /^來源$/] },
  },
  certificate: {
    'en-US': { term: 'certificate', variants: ['keypair', 'key pair'] },
    'zh-CN': { term: '证书', variants: ['凭证', '憑證'] },
    'zh-TW': { term: '憑證', variants: ['證書', '证书'] },
  },
  htmlPage: {
    'en-US': { term: 'HTML page', variants: ['HTML file page', 'web page'] },
    'zh-CN': { term: 'HTML 页面', variants: ['HTML 网页', /HTML(?:页面|网页)/, '网页'] },
    'zh-TW': { term: 'HTML 頁面', variants: ['HTML 網頁', /HTML(?:頁面|網頁)/, '網頁'] },
  },
  firewallRule: {
    // Spec §8's "WAF Rules is being deployed. Please try again." is quoted as the spec words it.
    'en-US': {
      term: 'firewall rule',
      variants: [/WAF rule(?!s is being deployed\. Please try again\.$)/i, 'firewall policy'],
    },
    'zh-CN': { term: '防火墙规则', variants: ['WAF 规则', '防火墙策略', '防火墙政策'] },
    'zh-TW': { term: '防火牆規則', variants: ['WAF 規則', '防火牆策略', '防火牆政策', '防火墙'] },
  },
  domain: {
    'en-US': { term: 'domain', variants: ['domain name', 'host name list'] },
    'zh-CN': { term: '域名', variants: ['网域', '網域'] },
    'zh-TW': { term: '網域', variants: ['域名', '网域'] },
  },
  group: {
    'en-US': { term: 'group', variants: ['team', 'tenant'] },
    // 组 alone (not 群组, 组件, 组合, 组织, 组成; zh-TW 位元組 is a byte) is the short form we replaced.
    'zh-CN': { term: '群组', variants: [/(?<!群)组(?!件|合|织|成)/, '分组', '用户组'] },
    'zh-TW': { term: '群組', variants: [/(?<!群|位元)組(?!件|合|織|成)/, '分組', '群组'] },
  },
  cache: {
    'en-US': { term: 'cache', variants: ['purge'] },
    'zh-CN': { term: '缓存', variants: ['快取', '高速缓存'] },
    'zh-TW': { term: '快取', variants: ['緩存', '缓存', '暫存'] },
  },
  deploy: {
    'en-US': { term: 'deploy', variants: ['roll out', 'rollout'] },
    'zh-CN': { term: '部署', variants: ['布署', '佈署'] },
    'zh-TW': { term: '部署', variants: ['佈署', '布署'] },
  },
  plan: {
    'en-US': { term: 'plan', variants: ['subscription plan'] },
    // A group has a plan (方案); a line picks one of its customer packages (客户套餐).
    'zh-CN': { term: '方案', variants: [/(?<!客户)套餐/] },
    'zh-TW': { term: '方案', variants: [/(?<!客戶)套餐/] },
  },
  customerPackage: {
    'en-US': { term: 'customer package', variants: ['customer plan'] },
    'zh-CN': { term: '客户套餐', variants: ['客户方案', '客户包'] },
    'zh-TW': { term: '客戶套餐', variants: ['客戶方案', '客戶包'] },
  },
  backup: {
    'en-US': { term: 'backup', variants: ['standby', 'fallback origin'] },
    'zh-CN': { term: '备用', variants: ['备援', '备份源'] },
    'zh-TW': { term: '備用', variants: ['備援', '備份來源'] },
  },
  overview: {
    'en-US': { term: 'overview', variants: ['summary page'] },
    'zh-CN': { term: '概览', variants: ['总览', '概況', '概况'] },
    'zh-TW': { term: '總覽', variants: ['概覽', '概况', '概況'] },
  },
  dashboard: {
    'en-US': { term: 'dashboard', variants: ['dash board'] },
    'zh-CN': { term: '仪表盘', variants: ['仪表板'] },
    'zh-TW': { term: '儀表板', variants: ['儀表盤'] },
  },
  signIn: {
    'en-US': { term: 'sign in', variants: [/\blog ?in\b/i, /\blog(?:ged)? ?out\b/i] },
    'zh-CN': { term: '登录', variants: ['登陆', '登入'] },
    'zh-TW': { term: '登入', variants: ['登錄', '登陸'] },
  },
  user: {
    'en-US': { term: 'user', variants: ['member account'] },
    'zh-CN': { term: '用户', variants: ['使用者', '用戶'] },
    'zh-TW': { term: '使用者', variants: ['用戶', '用户'] },
  },
  account: {
    'en-US': { term: 'account', variants: ['acount'] },
    'zh-CN': { term: '账户', variants: ['帐户', '账号', '帳戶'] },
    'zh-TW': { term: '帳戶', variants: ['帳號', '账户'] },
  },
  scheme: {
    'en-US': { term: 'scheme', variants: ['protocol scheme'] },
    'zh-CN': { term: '协议', variants: ['协定', '協定'] },
    'zh-TW': { term: '協定', variants: ['協議', '协议'] },
  },
  console: {
    'en-US': { term: 'console', variants: ['control panel', 'portal'] },
    'zh-CN': { term: '控制台', variants: ['主控台', '控制面板'] },
    'zh-TW': { term: '主控台', variants: ['控制臺', '控制台'] },
  },
};

/** Every message that uses a variant instead of the term, as "locale/ns:key uses X (write Y)". */
function findVariants(all: Record<string, Record<string, Messages>>, glossary: Glossary): string[] {
  const problems: string[] = [];
  for (const locale of LOCALES) {
    for (const [ns, messages] of Object.entries(all[locale] ?? {})) {
      for (const [key, value] of flattenMessages(messages)) {
        if (typeof value !== 'string') continue;
        for (const entry of Object.values(glossary)) {
          const { term, variants } = entry[locale];
          for (const variant of variants) {
            const hit =
              typeof variant === 'string' ? value.toLowerCase().includes(variant.toLowerCase()) : variant.test(value);
            if (hit) problems.push(`${locale}/${ns}:${key} uses ${String(variant)} (write ${term}): ${value}`);
          }
        }
      }
    }
  }
  return problems;
}

/** A term no namespace uses any more means the glossary has drifted from the texts. */
function findUnusedTerms(all: Record<string, Record<string, Messages>>, glossary: Glossary): string[] {
  const unused: string[] = [];
  for (const locale of LOCALES) {
    const texts = Object.values(all[locale] ?? {}).flatMap((messages) =>
      [...flattenMessages(messages).values()].map(String),
    );
    for (const [noun, entry] of Object.entries(glossary)) {
      const { term } = entry[locale];
      if (!texts.some((text) => text.toLowerCase().includes(term.toLowerCase())))
        unused.push(`${locale} ${noun}: ${term}`);
    }
  }
  return unused;
}

describe('glossary', () => {
  it('no namespace uses a known variant instead of the term', () => {
    expect(findVariants(resources, GLOSSARY)).toEqual([]);
  });

  it('every term is used somewhere in its language', () => {
    expect(findUnusedTerms(resources, GLOSSARY)).toEqual([]);
  });

  it('reports a variant with the locale, namespace and key', () => {
    const sample = {
      'en-US': { nav: { a: 'Origin Policies' } },
      'zh-CN': { nav: { a: '源站策略' }, admin: { b: { c: '请选择一个组' } } },
      'zh-TW': { nav: { a: '源站政策' } },
    };
    expect(findVariants(sample, { originPolicy: GLOSSARY.originPolicy!, group: GLOSSARY.group! })).toEqual([
      'zh-CN/admin:b.c uses /(?<!群)组(?!件|合|织|成)/ (write 群组): 请选择一个组',
      'zh-TW/nav:a uses 源站政策 (write 源站策略): 源站政策',
    ]);
  });
});
