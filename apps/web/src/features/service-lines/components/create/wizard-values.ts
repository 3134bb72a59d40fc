import {
  createServiceLineSchema,
  DEFAULT_HTTP_PORT,
  DEFAULT_HTTPS_PORT,
  serviceLineSettingsSchema,
  type FieldErrorCode,
  type ServiceLineSettings,
} from '@parapet/shared';
import { schemaFieldErrors } from '@/lib/form-rules';
import type { CreateServiceLineBody } from '../../api/create-service-line';

/** GLOSSARY §1.9: the wizard takes at most this many origin addresses (the Origin card takes more). */
export const WIZARD_MAX_ORIGINS = 5;

type Shown =
  'scheme' | 'httpPort' | 'redirecthttps' | 'redirectHttpCode' | 'useHsts' | 'portMappingType' | 'originscheme';

/** What the wizard's form holds: the request's fields in the shapes its controls edit. */
export interface WizardValues extends Pick<ServiceLineSettings, Shown> {
  appProfileName: string;
  customerPackage: string | undefined;
  /** Origin addresses, one tag each. */
  origins: string[];
  /** Emptied box: null. */
  originPort: number | null;
  /** Creatable tags hold text; anything not a whole number is refused before it is sent. */
  httpsPort: string[];
  /** One domain per line. */
  servername: string;
}

/** Every default from the shared schema's own `.default()`s, so the wizard and the server agree. */
const DEFAULTS = serviceLineSettingsSchema
  .pick({
    scheme: true,
    httpPort: true,
    httpsPort: true,
    redirecthttps: true,
    redirectHttpCode: true,
    useHsts: true,
    portMappingType: true,
    originscheme: true,
    originPort: true,
  })
  .parse({});

export const initialWizardValues = (): WizardValues => ({
  appProfileName: '',
  customerPackage: undefined,
  origins: [],
  portMappingType: DEFAULTS.portMappingType,
  originscheme: DEFAULTS.originscheme,
  originPort: DEFAULTS.originPort,
  scheme: [...DEFAULTS.scheme],
  httpPort: [...DEFAULTS.httpPort],
  httpsPort: DEFAULTS.httpsPort.map(String),
  redirecthttps: DEFAULTS.redirecthttps,
  redirectHttpCode: DEFAULTS.redirectHttpCode,
  useHsts: DEFAULTS.useHsts,
  servername: '',
});

/** The port an origin scheme starts from when it is chosen (GLOSSARY §12.4). */
export const originPortOf = (scheme: WizardValues['originscheme']): number =>
  scheme === 'https' ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT;

/** The domains of the textarea: one a line, blanks dropped. */
export const domainsOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The fields of each form step, in order; the CNAME step has none. */
export const STEP_FIELDS = [
  ['appProfileName', 'customerPackage', 'origins', 'portMappingType', 'originscheme', 'originPort'],
  ['scheme', 'httpPort', 'httpsPort', 'redirecthttps', 'redirectHttpCode', 'useHsts', 'servername'],
] as const satisfies readonly (readonly (keyof WizardValues)[])[];
export type WizardField = (typeof STEP_FIELDS)[number][number];

/** The step holding a field, or undefined for one the wizard does not show. */
export const stepOf = (field: string): number | undefined => {
  const step = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return step < 0 ? undefined : step;
};

/**
 * The create request from the form. Only what the chosen options show is sent; the rest is
 * left to the schema's defaults, so a value typed and then hidden (HTTPS ports after https is
 * unticked, the port under Static mapping) can never block the save.
 */
export function toCreateBody(values: WizardValues, groupName: string): CreateServiceLineBody {
  const http = values.scheme.includes('http');
  const https = values.scheme.includes('https');
  const redirect = http && https && values.redirecthttps;
  return {
    groupName,
    appProfileName: values.appProfileName.trim(),
    customerPackage: values.customerPackage ?? '',
    origins: values.origins.map((address) => ({ address: address.trim() })),
    portMappingType: values.portMappingType,
    ...(values.portMappingType === 'static'
      ? {}
      : { originscheme: values.originscheme, originPort: values.originPort ?? DEFAULTS.originPort }),
    scheme: values.scheme,
    ...(http ? { httpPort: values.httpPort } : {}),
    ...(https ? { httpsPort: values.httpsPort.map((p) => Number(p.trim())), useHsts: values.useHsts } : {}),
    ...(http && https ? { redirecthttps: values.redirecthttps } : {}),
    ...(redirect ? { redirectHttpCode: values.redirectHttpCode } : {}),
    servername: domainsOf(values.servername),
  };
}

/** The form field a problem path belongs to: items of a list (`servername.1`, `origins.0.address`) fold onto the list. */
export const formFieldOf = (path: string): string => path.split('.')[0] ?? path;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && value.length === 0);

/**
 * The problem of one form field, exactly as the server would report it: the shared create
 * schema (with its cross-field rules) run over the request the form would send.
 */
export function wizardFieldProblem(
  values: WizardValues,
  groupName: string,
  field: WizardField,
): FieldErrorCode | undefined {
  // The request would carry the default port: an emptied box is refused here, not replaced.
  if (field === 'originPort' && values.portMappingType !== 'static' && values.originPort === null) return 'required';
  if (field === 'httpsPort' && values.httpsPort.some((p) => !/^\d+$/.test(p.trim()))) return 'invalid_format';
  const problems = schemaFieldErrors(createServiceLineSchema, toCreateBody(values, groupName));
  const code = Object.entries(problems).find(([path]) => formFieldOf(path) === field)?.[1];
  // An empty field is "required" whatever rule it broke (an empty list is "too small").
  return code && isEmpty(values[field]) ? 'required' : code;
}
