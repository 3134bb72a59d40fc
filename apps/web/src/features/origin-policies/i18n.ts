import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type messages from '@/locales/en-US/originPolicies.json';

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
/** Every key of locales/<lng>/originPolicies.json, checked against the English file. */
export type OriginPolicyKey = Paths<typeof messages>;
export type TranslateOriginPolicy = (key: OriginPolicyKey, options?: Record<string, unknown>) => string;

/**
 * t() for the `originPolicies` namespace. The namespace is bundled like every locale file, but
 * it is not (yet) in locales/i18next.d.ts, which this feature does not own; until it is, this
 * keeps the keys type-checked against the English file. Afterwards it can become
 * useTranslation('originPolicies').
 */
export function useOriginPolicyT(): TranslateOriginPolicy {
  const { t } = useTranslation();
  return useMemo(() => {
    const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
    return (key, options) => loose(`originPolicies:${key}`, options);
  }, [t]);
}
