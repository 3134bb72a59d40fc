import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { auditFormat, type AuditFormat, type Translator } from './audit-format';

/** An entity's audit labels and value formats, renewed when the language changes. */
export function useAuditFormat(entity: string): AuditFormat {
  const { i18n } = useTranslation();
  const format = useValueFormat();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const fixed = i18n.getFixedT(language);
    // Keys are composed from field names at run time; audit-fields.test.ts holds them to the files.
    const translator: Translator = {
      t: (key, options) => String(fixed(key as never, options as never)),
      exists: (key) => i18n.exists(key, { lng: language }),
    };
    return auditFormat(entity, translator, format);
  }, [i18n, language, entity, format]);
}
