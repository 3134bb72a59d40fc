import { z } from 'zod';
import { text } from './text.js';
import { itemListQuerySchema } from './paging.js';
import { entityStatusSchema } from './deploy.js';

/** HTML pages: error and deny pages a service line or a rule shows (spec §3 HTML page, GLOSSARY §6). */
export const HTML_PAGE_NAME_MAX_LENGTH = 35;
/** Lower-case letters, digits and underscore. */
export const HTML_PAGE_NAME_PATTERN = /^[a-z0-9_]+$/;
/** The built-in page every group has; it cannot be deleted (lines default to it). */
export const DEFAULT_HTML_PAGE_NAME = 'default';
/** Largest page source accepted, in bytes of UTF-8: an error page is one self-contained file. */
export const HTML_PAGE_MAX_BYTES = 256 * 1024;
/** An uploaded file's name: no spaces, and it must be an HTML file. */
export const HTML_FILE_NAME_PATTERN = /\.html?$/i;

/** Where the request-id block is drawn; each value's CSS is in `RID_POSITION_CSS`. */
export const RID_POSITIONS = ['topLeft', 'topRight', 'center', 'bottomLeft', 'bottomRight'] as const;
export type RidPosition = (typeof RID_POSITIONS)[number];
export const RID_COLORS = ['black', 'white'] as const;
export type RidColor = (typeof RID_COLORS)[number];
export const RID_POSITION_DEFAULT: RidPosition = 'topLeft';
export const RID_COLOR_DEFAULT: RidColor = 'black';

/** Every position shares this prefix (GLOSSARY §6); the rest places the block. */
const RID_BASE_CSS = 'z-index:9999;font-size:18px;position:absolute;';
export const RID_POSITION_CSS: Record<RidPosition, string> = {
  topLeft: `${RID_BASE_CSS}top:0;left:0;`,
  topRight: `${RID_BASE_CSS}top:0px;right:0px;`,
  center: `${RID_BASE_CSS}top:50%;left:50%;margin-right:-50%;transform:translate(-50%,-50%);`,
  bottomLeft: `${RID_BASE_CSS}bottom:0;left:0;`,
  bottomRight: `${RID_BASE_CSS}bottom:0;right:0;`,
};
export const RID_COLOR_CSS: Record<RidColor, string> = { black: 'color:black;', white: 'color:white;' };

/** Field codes of a refused page beyond zod's own; translated under `fieldErrors.<code>`. */
export const HTML_PAGE_FIELD_CODES = ['not_html_file', 'file_name_has_space', 'page_too_large'] as const;

/** UTF-8 size of a text, the unit of HTML_PAGE_MAX_BYTES (browser-safe: no Buffer). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

export const htmlPageNameSchema = text().trim().min(1).max(HTML_PAGE_NAME_MAX_LENGTH).regex(HTML_PAGE_NAME_PATTERN);

/** The page source: required, and at most HTML_PAGE_MAX_BYTES of UTF-8. */
export const htmlPageContentSchema = text()
  .min(1)
  .refine((text) => text.trim().length > 0, { message: 'required' })
  .refine((text) => utf8Bytes(text) <= HTML_PAGE_MAX_BYTES, { message: 'page_too_large' });

/**
 * The name of the file the content came from, when it was uploaded rather than typed: it must
 * have no spaces (`file_name_has_space`) and end in .html or .htm (`not_html_file`).
 */
export const htmlFileNameSchema = text()
  .max(255)
  .refine((name) => !/\s/.test(name), { message: 'file_name_has_space' })
  .refine((name) => HTML_FILE_NAME_PATTERN.test(name), { message: 'not_html_file' });

/** Paths of the HTML page calls, under API_PREFIX. */
export const HTML_PAGE_API = {
  pages: '/html-pages',
  page: '/html-pages/:id',
  /** The page as the edge would serve it, with a sample request-id block; for a sandboxed frame. */
  preview: '/html-pages/:id/preview',
  /** A draft rendered the same way before it is saved (the form's preview). */
  previewDraft: '/html-pages/preview',
} as const;

const pageFieldsSchema = z.object({
  content: htmlPageContentSchema,
  fileName: htmlFileNameSchema.nullable().optional().describe('the uploaded file, when the content came from one'),
  ridPosition: z.enum(RID_POSITIONS).default(RID_POSITION_DEFAULT),
  ridColor: z.enum(RID_COLORS).default(RID_COLOR_DEFAULT),
});

export const createHtmlPageSchema = pageFieldsSchema
  .extend({ groupName: text().min(1).max(64), htmlPageName: htmlPageNameSchema })
  .meta({ id: 'CreateHtmlPage' });
export type CreateHtmlPage = z.infer<typeof createHtmlPageSchema>;
/** A save: the content and the request-id block, over the version read (the name is create-only). */
export const updateHtmlPageSchema = pageFieldsSchema
  .extend({ version: z.number().int() })
  .meta({ id: 'UpdateHtmlPage' });
export type UpdateHtmlPage = z.infer<typeof updateHtmlPageSchema>;
/** A draft to preview: what the form holds. */
export const previewHtmlPageSchema = pageFieldsSchema
  .pick({ content: true, ridPosition: true, ridColor: true })
  .meta({ id: 'PreviewHtmlPage' });

export const htmlPageSchema = z
  .object({
    id: text(),
    groupName: text(),
    htmlPageName: text(),
    content: text(),
    fileName: text().nullable(),
    ridPosition: z.enum(RID_POSITIONS),
    ridColor: z.enum(RID_COLORS),
    /** The built-in `default` page: editable, never deletable. */
    builtIn: z.boolean(),
    status: entityStatusSchema,
    lastError: text().nullable().describe('why the last deployment failed, while the previous version stays live'),
    usedBy: z.array(text()),
    createdBy: text(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'HtmlPage' });
export type HtmlPage = z.infer<typeof htmlPageSchema>;

export const htmlPageListQuerySchema = itemListQuerySchema.extend({
  ridPosition: z.enum(RID_POSITIONS).optional(),
  ridColor: z.enum(RID_COLORS).optional(),
});
export type HtmlPageListQuery = z.infer<typeof htmlPageListQuerySchema>;
export const htmlPageListSchema = z
  .object({ items: z.array(htmlPageSchema), total: z.number().int() })
  .meta({ id: 'HtmlPageList' });

/** The sample values the preview shows in the request-id block (GLOSSARY §6: Case ID, Time Stamp, IP). */
export interface RidSample {
  rid: string;
  timestamp: string;
  ip: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The request-id block the edge adds to a page: placed and coloured by the page's choices.
 * One function for the edge and the preview, so the preview shows what visitors will see.
 */
export function ridBlock(position: RidPosition, color: RidColor, sample: RidSample): string {
  const style = `${RID_POSITION_CSS[position]}${RID_COLOR_CSS[color]}`;
  return `<div id="parapet-rid" style="${style}">Case ID: ${escapeHtml(sample.rid)}<br>Time Stamp: ${escapeHtml(sample.timestamp)}<br>IP: ${escapeHtml(sample.ip)}</div>`;
}

/** Puts the request-id block just inside `<body>` (or at the end when the page has none). */
export function withRidBlock(content: string, position: RidPosition, color: RidColor, sample: RidSample): string {
  const block = ridBlock(position, color, sample);
  const body = /<body\b[^>]*>/i.exec(content);
  if (!body) return `${content}${block}`;
  const at = body.index + body[0].length;
  return `${content.slice(0, at)}${block}${content.slice(at)}`;
}
