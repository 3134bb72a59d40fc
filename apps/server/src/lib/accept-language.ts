import { pickLocale, type Locale } from '@parapet/shared';

/** The console locale a request prefers, from its Accept-Language header (q-values honoured). */
export function localeOf(header: string | undefined): Locale {
  if (!header) return pickLocale([]);
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((t) => t.tag);
  return pickLocale(tags);
}
