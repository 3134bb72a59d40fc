import {
  splitLines,
  WAF_ACTION_FIELDS,
  wafRuleSettingsSchema,
  type WafActionField,
  type WafLineField,
  type WafRule,
  type WafRuleInput,
  type WafRuleSettings,
} from '@parapet/shared';

/** The list fields the form shows as text areas, one entry a line (the countries are a tag select). */
export const TEXT_LIST_FIELDS = [
  'wafIp',
  'wafUri',
  'wafIsp',
  'wafHeaders',
  'wafIpExclude',
  'wafUriExclude',
  'wafHeadersExclude',
  'wafHeadersNotExist',
  'wafSetReqHeaders',
  'wafSetResHeaders',
] as const satisfies readonly WafLineField[];
export type TextListField = (typeof TEXT_LIST_FIELDS)[number];

const isTextListField = (field: string): field is TextListField =>
  (TEXT_LIST_FIELDS as readonly string[]).includes(field);

/**
 * What the form holds: every setting, the list fields as text, the name, the group (shown
 * disabled) and `countryOn`, the "Source Country" switch that turns the country condition on.
 */
export type RuleFormValues = Omit<WafRuleSettings, TextListField> &
  Record<TextListField, string> & { ruleName: string; groupName: string; countryOn: boolean };

/** Every default comes from the shared schema's own `.default()`s, so the form and the server agree. */
export const SETTINGS_DEFAULTS: WafRuleSettings = wafRuleSettingsSchema.parse({});
const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS) as (keyof WafRuleSettings)[];

/** The name a draft carries to the tester while the create form has none yet. */
export const DRAFT_RULE_NAME = 'draft';

/**
 * A new rule's form (the defaults, with a draft's settings over them) or an existing one's, as
 * it was read.
 */
export function initialFormValues(groupName: string, rule?: WafRule, draft?: Partial<WafRuleSettings>): RuleFormValues {
  const source: WafRuleSettings = rule ?? { ...SETTINGS_DEFAULTS, ...draft };
  const settings = Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const value = source[key];
      return [key, isTextListField(key) ? (value as string[]).join('\n') : structuredClone(value)];
    }),
  ) as unknown as Omit<RuleFormValues, 'ruleName' | 'groupName' | 'countryOn'>;
  return {
    ...settings,
    ruleName: rule?.ruleName ?? '',
    groupName,
    countryOn: source.wafCountry.length > 0 || source.wafCountryInvert,
  };
}

/** The fields some action uses; those of the actions not chosen go back to their defaults on submit. */
const ACTION_OWN_FIELDS = new Set<WafActionField>(Object.values(WAF_ACTION_FIELDS).flat());

/**
 * The rule from the form. A list's text becomes its non-blank lines; the fields of the actions
 * not chosen, and the values under a switch that is off, are sent as their defaults, so a hidden
 * bad value never blocks a save (and the stored rule holds no leftovers of another action).
 */
export function toRuleInput(values: RuleFormValues): WafRuleInput {
  const own = new Set<string>(WAF_ACTION_FIELDS[values.wafAction]);
  const settings = Object.fromEntries(
    SETTING_KEYS.map((key) => {
      if (ACTION_OWN_FIELDS.has(key as WafActionField) && !own.has(key)) return [key, SETTINGS_DEFAULTS[key]];
      const value = values[key];
      return [key, isTextListField(key) ? splitLines(value as string).map((entry) => entry.value) : value];
    }),
  ) as unknown as WafRuleSettings;
  if (!values.countryOn) {
    settings.wafCountry = [];
    settings.wafCountryInvert = false;
  }
  if (!settings.wafIsDenyThenBucket) settings.wafDenyThenBucketRate = SETTINGS_DEFAULTS.wafDenyThenBucketRate;
  if (!settings.wafBucketPreSslDeny)
    settings.wafBucketPreSslDenyThreshold = SETTINGS_DEFAULTS.wafBucketPreSslDenyThreshold;
  return { ...settings, description: values.description, ruleName: values.ruleName.trim() };
}

/** The line number (from 1) in a text area of the entry at `index` of what was sent. */
export function lineOfEntry(text: string, index: number): number | undefined {
  return splitLines(text)[index]?.line;
}
