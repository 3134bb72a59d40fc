/**
 * Where each audit entity's field labels come from: the features' own form labels (so a change
 * log says what the form says), with `display:fields.` for the few fields no form shows. Keys
 * are composed at run time, so audit-fields.test.ts checks that every field of the shared
 * schemas finds a label in every language.
 */
export interface EntityLabels {
  /** Fields (or `list.field` inside a list of objects) whose label key is not `prefix + field`. */
  keys: Record<string, string>;
  /** Tried in order with the field's name appended. */
  prefixes: string[];
}

const ORIGIN_KEYS = (ns: 'serviceLines' | 'originPolicies') =>
  ns === 'serviceLines'
    ? {
        'origins.address': 'serviceLines:fields.originAddress',
        'origins.weight': 'serviceLines:fields.originWeight',
        'origins.backup': 'serviceLines:fields.originBackup',
        'origins.enabled': 'serviceLines:fields.originEnabled',
      }
    : {
        'origins.address': 'originPolicies:form.address',
        'origins.weight': 'originPolicies:form.weight',
        'origins.backup': 'originPolicies:form.backup',
        'origins.enabled': 'originPolicies:form.enabled',
      };

export const ENTITY_LABELS: Record<string, EntityLabels> = {
  'service-line': {
    keys: {
      servername: 'serviceLines:fields.servername',
      maxServerNameInAppProfileCount: 'plans:limits.maxServerNameInAppProfileCount',
      ...ORIGIN_KEYS('serviceLines'),
      'usedOriginPolicies.regionName': 'serviceLines:fields.regionName',
      'usedOriginPolicies.originPolicyName': 'serviceLines:fields.originPolicyName',
      'usedWafRules.value': 'serviceLines:firewall.rule',
      'usedWafRules.isEnabled': 'serviceLines:firewall.enabled',
    },
    prefixes: ['serviceLines:fields.', 'display:fields.'],
  },
  'origin-policy': {
    keys: {
      region: 'originPolicies:form.regions',
      loadBalancerSticky: 'originPolicies:form.sticky',
      originscheme: 'originPolicies:form.originScheme',
      ...ORIGIN_KEYS('originPolicies'),
    },
    prefixes: ['originPolicies:form.', 'display:fields.'],
  },
  cert: { keys: {}, prefixes: ['certs:fields.', 'display:fields.'] },
  'html-page': {
    keys: { htmlPageName: 'htmlPages:fields.name', fileName: 'htmlPages:fields.file' },
    prefixes: ['htmlPages:fields.', 'display:fields.'],
  },
  'waf-rule': { keys: {}, prefixes: ['wafRules:fields.', 'display:fields.'] },
  group: { keys: {}, prefixes: ['admin:groups.', 'display:fields.'] },
  user: { keys: {}, prefixes: ['admin:users.', 'profile:info.', 'display:fields.'] },
  member: { keys: {}, prefixes: ['display:fields.'] },
};

/** Values that are codes of a translated set: the field → the key prefix of its names. */
export const ENUM_VALUES: Record<string, string> = {
  loadBalancerMethod: 'originPolicies:method.',
  portMappingType: 'originPolicies:portMapping.',
  healthCheckMode: 'originPolicies:healthMode.',
  ridPosition: 'htmlPages:ridPosition.',
  ridColor: 'htmlPages:ridColor.',
  plan: 'plans:names.',
  setCustomHostHeader: 'serviceLines:values.',
  wafAction: 'plans:wafActions.',
};

/** Fields holding a moment (epoch ms or ISO text). */
export const DATE_FIELDS = new Set([
  'validityEnd',
  'validityStart',
  'createdAt',
  'updatedAt',
  'credentialsChangedAt',
  'checkedAt',
  'at',
]);
/** Fields holding region codes. */
export const REGION_FIELDS = new Set(['region', 'regionName']);
/** Cache expiries (`1d`): the browser's and the server's. */
export const isDurationField = (field: string) => /(?:Exp|Srvexp)$/.test(field);
