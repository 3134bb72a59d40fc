import { z } from 'zod';
import { TEXT_FIELD_CODES } from '../characters.js';
import { text } from './text.js';
import { ERROR_CODE_LIST } from '../errors.js';
import { ACCOUNT_FIELD_CODES } from '../account.js';
import { CERT_FIELD_CODES } from './certs.js';
import { DATE_RANGE_FIELD_CODES } from './date-range.js';
import { EVENT_LOG_FIELD_CODES } from './event-logs.js';
import { ORIGIN_FIELD_CODES } from './origin-policies.js';
import { HTML_PAGE_FIELD_CODES } from './html-pages.js';
import { SERVICE_LINE_FIELD_CODES } from './service-lines.js';
import { WAF_FIELD_CODES } from '../waf/formats.js';

/** The JSON body of every error answer (ARCHITECTURE §4). */
/** What an error says beyond its code and fields, for a message that names the items at fault. */
export const errorDetailsSchema = z
  .object({
    /** With CERT_NOT_COVERING: per service line, the domains the certificate does not cover. */
    uncovered: z.array(z.object({ appProfileName: text(), domains: z.array(text()) })).optional(),
    /**
     * Field path → values the field's message quotes, such as
     * `{ "servername.2": { "value": "shop.example.com", "usedBy": "shop.line" } }` for a domain
     * another line has. `value` is the item itself, for forms that do not hold the list as a list
     * (the wizard's one-domain-a-line text); `usedBy` only the server knows.
     */
    fieldParams: z.record(text(), z.record(text(), text())).optional(),
  })
  .meta({ id: 'ErrorDetails' });
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODE_LIST as [string, ...string[]]).describe('Stable error code; the console translates by it'),
    message: text().describe('English text of the error'),
    fields: z.record(text(), text()).optional().describe('Field path → field error code, for every bad field'),
    usedBy: z.array(text()).optional().describe('With IN_USE: the service lines and rules that use the item'),
    details: errorDetailsSchema.optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes of field-level validation problems; the console translates them under `fieldErrors.` */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_type',
  'invalid_value',
  'unknown_key',
  'taken',
  'reserved',
  ...TEXT_FIELD_CODES,
  ...ACCOUNT_FIELD_CODES,
  ...CERT_FIELD_CODES,
  ...DATE_RANGE_FIELD_CODES,
  ...EVENT_LOG_FIELD_CODES,
  ...ORIGIN_FIELD_CODES,
  ...HTML_PAGE_FIELD_CODES,
  ...SERVICE_LINE_FIELD_CODES,
  ...WAF_FIELD_CODES,
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
