import {
  EVENT_CACHE_STATUS_NOT_CACHEABLE,
  EVENT_REASON_HTTP10,
  EVENT_SERVED_BY,
  PERIOD_BLOCK_REASON_FIELD,
  parseEventReason,
  WAF_ACTION_CODES,
  WAF_OWASP_CATEGORIES,
  WAF_PROXY_TYPES,
  type EventReasonPart,
  type EventFilter,
  type EventFilterField,
  type EventServedBy,
  type WafActionCode,
  type WafOwaspCategory,
  type WafProxyType,
} from '@parapet/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactBytes, formatExactSeconds } from '@/lib/format-units';
import { countryNamer } from '@/lib/regions';

const ALPHA2 = /^[A-Z]{2}$/;
const isActionCode = (value: string): value is WafActionCode => (WAF_ACTION_CODES as readonly string[]).includes(value);
const isProxyType = (value: string): value is WafProxyType => (WAF_PROXY_TYPES as readonly string[]).includes(value);
const isOwasp = (value: string): value is WafOwaspCategory =>
  (WAF_OWASP_CATEGORIES as readonly string[]).includes(value);
const isServedBy = (value: string): value is EventServedBy => (EVENT_SERVED_BY as readonly string[]).includes(value);
const SERVED_BY_KEYS = {
  cache: 'events:values.servedByCache',
  origin: 'events:values.servedByOrigin',
  edge: 'events:values.servedByEdge',
} as const satisfies Record<EventServedBy, string>;

/**
 * How an event field's value reads to a person: action codes by their names, countries by
 * their names in the console's language, proxy types by the rule form's names, WAF type,
 * "served by" and a cache status of '-' in words, empty as "(none)", times and sizes with their
 * units and every digit, in the language's digits. A reason reads as the rule form names its
 * conditions ("Source Country: China; Owasp: SQL injection", not "wafCountry: CN; wafOwasp:
 * 41000_sqli"). Everything else as stored.
 */
export function useEventValueLabel(): (field: EventFilterField, value: string | number) => string {
  const { t, i18n } = useTranslation(['events', 'plans', 'wafRules']);
  const language = i18n.language;
  const country = useMemo(() => countryNamer(language), [language]);
  return useCallback(
    (field, value) => {
      if (typeof value === 'number') {
        if (field === 'request_time' || field === 'upstream_response_time') return formatExactSeconds(value, language);
        if (field === 'bytes_sent') return formatExactBytes(value, language);
      }
      const text = String(value);
      if (text === '') return t('events:values.none');
      if (field === 'action' && isActionCode(text)) return t(`plans:wafActions.${text}`);
      // Intl.DisplayNames throws on anything but a region code.
      if (field === 'country' && ALPHA2.test(text)) return country(text);
      if (field === 'type' && text === '01') return t('events:values.typeWaf');
      // The rule form's names for them ("dch" showed as itself in the event's details).
      if (field === 'proxy_type' && isProxyType(text)) return t(`wafRules:proxyTypes.${text}`);
      if (field === 'served_by' && isServedBy(text)) return t(SERVED_BY_KEYS[text]);
      if (field === 'cache_status' && text === EVENT_CACHE_STATUS_NOT_CACHEABLE) return t('events:values.notCacheable');
      if (field === 'reason' && text === EVENT_REASON_HTTP10) return t('events:values.reasonHttp10');
      if (field === 'reason') {
        const parts = parseEventReason(text);
        if (!parts) return text;
        // A part's entry by name: a country, an OWASP category, a proxy type, a block's seconds.
        const entryLabel = (part: EventReasonPart, value: string): string => {
          if (part.field === 'wafCountry' && ALPHA2.test(value)) return country(value);
          if (part.field === 'wafOwasp' && isOwasp(value)) return t(`wafRules:owasp.${value}`);
          if (part.field === 'wafProxyType' && isProxyType(value)) return t(`wafRules:proxyTypes.${value}`);
          const seconds = Number(value);
          if (part.field === PERIOD_BLOCK_REASON_FIELD && Number.isSafeInteger(seconds))
            return formatExactSeconds(seconds, language);
          return value;
        };
        return parts
          .map((part) =>
            // The one part without an entry is a country list that held by what it does not list.
            part.value === undefined
              ? t(part.field === 'wafCountry' ? 'wafRules:fields.wafCountryInvert' : `wafRules:fields.${part.field}`)
              : t('events:values.reasonPart', {
                  label: t(`wafRules:fields.${part.field}`),
                  value: entryLabel(part, part.value),
                }),
          )
          .join(t('events:values.reasonSeparator'));
      }
      return text;
    },
    [t, country, language],
  );
}

/** A chip's text: "Label: value", with NOT / EXIST / NOT EXIST for the other operators (GLOSSARY §8.3). */
export function useFilterChipText(): (filter: EventFilter) => string {
  const { t } = useTranslation('events');
  const valueLabel = useEventValueLabel();
  return useCallback(
    (filter) =>
      t(`chip.${filter.op}`, {
        label: t(`fields.${filter.field}`),
        value: filter.value === undefined ? '' : valueLabel(filter.field, filter.value),
      }),
    [t, valueLabel],
  );
}
