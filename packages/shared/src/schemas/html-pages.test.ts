import { describe, expect, it } from 'vitest';
import {
  HTML_PAGE_MAX_BYTES,
  RID_POSITIONS,
  RID_POSITION_CSS,
  createHtmlPageSchema,
  htmlFileNameSchema,
  htmlPageContentSchema,
  htmlPageNameSchema,
  ridBlock,
  utf8Bytes,
  withRidBlock,
} from './html-pages.js';

const codeOf = (result: { success: boolean; error?: { issues: { message: string; code: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue?.code === 'custom' ? issue.message : issue?.code;
};

describe('HTML page rules', () => {
  it.each([
    ['maintenance.html', true],
    ['Sorry.HTM', true],
    ['my page.html', 'file_name_has_space'],
    ['page.txt', 'not_html_file'],
    ['page.html.exe', 'not_html_file'],
    ['page\t.html', 'file_name_has_space'],
  ])('file name %j', (name, expected) => {
    const result = htmlFileNameSchema.safeParse(name);
    expect(expected === true ? result.success : codeOf(result)).toBe(expected);
  });

  it('caps the page at HTML_PAGE_MAX_BYTES of UTF-8, counting multi-byte characters', () => {
    expect(htmlPageContentSchema.safeParse('x'.repeat(HTML_PAGE_MAX_BYTES)).success).toBe(true);
    expect(codeOf(htmlPageContentSchema.safeParse('x'.repeat(HTML_PAGE_MAX_BYTES + 1)))).toBe('page_too_large');
    const han = '页'.repeat(Math.floor(HTML_PAGE_MAX_BYTES / 3) + 1);
    expect(utf8Bytes(han)).toBeGreaterThan(HTML_PAGE_MAX_BYTES);
    expect(codeOf(htmlPageContentSchema.safeParse(han))).toBe('page_too_large');
    expect(codeOf(htmlPageContentSchema.safeParse('  \n'))).toBe('required');
  });

  it.each([
    ['sorry_page_2', true],
    ['p'.repeat(35), true],
    ['p'.repeat(36), false],
    ['Sorry', false],
    ['sorry-page', false],
    ['', false],
  ])('page name %j', (name, ok) => {
    expect(htmlPageNameSchema.safeParse(name).success).toBe(ok);
  });

  it('defaults the request-id block to the top left in black', () => {
    const parsed = createHtmlPageSchema.parse({ groupName: 'acme', htmlPageName: 'sorry', content: '<p>x</p>' });
    expect(parsed).toMatchObject({ ridPosition: 'topLeft', ridColor: 'black' });
  });

  it('draws the block with the position CSS of each option and escapes its values', () => {
    for (const position of RID_POSITIONS) {
      expect(RID_POSITION_CSS[position].startsWith('z-index:9999;font-size:18px;position:absolute;')).toBe(true);
    }
    const block = ridBlock('center', 'white', { rid: 'abc', timestamp: 't', ip: '<script>' });
    expect(block).toContain('top:50%;left:50%;margin-right:-50%;transform:translate(-50%,-50%);color:white;');
    expect(block).toContain('IP: &#60;script&#62;');
    expect(block).not.toContain('<script>');
  });

  it('puts the block just inside <body>, or at the end of a page without one', () => {
    const sample = { rid: 'r', timestamp: 't', ip: 'i' };
    expect(withRidBlock('<html><BODY class="x"><h1>Hi</h1></BODY></html>', 'topLeft', 'black', sample)).toMatch(
      /^<html><BODY class="x"><div id="parapet-rid"[^>]*>Case ID: r<br>Time Stamp: t<br>IP: i<\/div><h1>Hi<\/h1>/,
    );
    expect(withRidBlock('<h1>Hi</h1>', 'topLeft', 'black', sample)).toMatch(/^<h1>Hi<\/h1><div id="parapet-rid"/);
  });
});
