import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_HTML_PAGE_NAME,
  fullAccess,
  HTML_PAGE_MAX_BYTES,
  readOnlyAccess,
  type HtmlPage,
} from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, enterCreatedBy, filterParams, goToPage } from '@/test/filter-steps';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const htmlPage = (htmlPageName: string, extra: Partial<HtmlPage> = {}): HtmlPage => ({
  id: `id-${htmlPageName}`,
  groupName: 'acme',
  htmlPageName,
  content: `<html><body>${htmlPageName}</body></html>`,
  fileName: null,
  ridPosition: 'topLeft',
  ridColor: 'black',
  builtIn: false,
  status: 'Running',
  lastError: null,
  usedBy: [],
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 3,
  ...extra,
});

const PAGES = [
  htmlPage(DEFAULT_HTML_PAGE_NAME, { builtIn: true, createdBy: 'system' }),
  htmlPage('maintenance', {
    ridPosition: 'bottomRight',
    ridColor: 'white',
    usedBy: ['shop'],
    status: 'Deploying',
    lastError: 'edge unreachable',
  }),
];
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const html = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

const renderPages = (handlers: ApiHandlers = {}, role = fullAccess()) =>
  renderApp('/html?groupName=acme', {
    ...shellHandlers(memberOf({ acme: role })),
    'GET /api/html-pages': () => json(200, { items: PAGES, total: PAGES.length }),
    ...handlers,
  });
const openList = () => screen.findByTestId('html-page-preview-maintenance');
const headers = () =>
  new Set(
    within(screen.getByTestId('html-pages-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  );

async function openCreate() {
  await openList();
  click('html-page-create');
  await screen.findByTestId('html-page-name');
}

/** Through the input's label, as a browser test would find it. */
function chooseFile(file: File) {
  const input = screen.getByLabelText('HTML file');
  expect(input.getAttribute('type')).toBe('file');
  expect(input.getAttribute('data-testid')).toBe('html-page-file');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('HTML pages screen', () => {
  it("lists the group's pages; the built-in default can be edited but not deleted", async () => {
    const { sent } = renderPages();
    await openList();
    expect(sent('GET', '/api/html-pages')[0]?.query.get('groupName')).toBe('acme');
    expect(screen.getByTestId('html-page-builtin-default').textContent).toBe('Built-in');
    expect(screen.getByTestId('html-page-edit-default')).toBeTruthy();
    expect(screen.queryByTestId('html-page-delete-default')).toBeNull();
    expect(screen.getByTestId('html-page-delete-maintenance')).toBeTruthy();
    expect(screen.getByTestId('html-page-status-maintenance').textContent).toBe('Deploying');
    expect(screen.getByTestId('html-page-error-maintenance').textContent).toContain('edge unreachable');
    const table = within(screen.getByTestId('html-pages-table'));
    expect(table.getByText('Bottom Right')).toBeTruthy();
    expect(table.getByText('White')).toBeTruthy();
    expect(table.getByText('shop')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
    expect([...headers()]).toEqual([
      'Group',
      'Name',
      'Status',
      'Rid position',
      'Rid colour',
      'Used by',
      'Updated',
      'Log',
      'Actions',
    ]);
  });

  it('shows the empty state and hides write actions without htmlPages write permission', async () => {
    renderPages({ 'GET /api/html-pages': () => json(200, { items: [], total: 0 }) }, readOnlyAccess());
    expect(await screen.findByTestId('html-pages-empty')).toBeTruthy();
    expect(screen.queryByTestId('html-page-create')).toBeNull();
  });

  it('keeps preview but hides edit and delete for a reader', async () => {
    renderPages({}, readOnlyAccess());
    await openList();
    expect(screen.queryByTestId('html-page-edit-maintenance')).toBeNull();
    expect(screen.queryByTestId('html-page-delete-maintenance')).toBeNull();
  });

  it('creates from a chosen .html file, sending its text and file name', async () => {
    const { sent, calls } = renderPages({ 'POST /api/html-pages': () => json(201, htmlPage('maintenance')) });
    await openCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'maintenance' } });
    const before = calls.length;
    chooseFile(new File(['<html><body>Back soon</body></html>'], 'maintenance.html', { type: 'text/html' }));
    await waitFor(() =>
      expect((screen.getByTestId('html-page-content') as HTMLTextAreaElement).value).toContain('Back soon'),
    );
    expect(screen.getByText('From file maintenance.html')).toBeTruthy();
    expect(calls.length).toBe(before);
    fireEvent.click(screen.getByLabelText('Center'));
    click('html-page-submit');
    await screen.findByTestId('html-page-created');
    expect(sent('POST', '/api/html-pages')[0]?.body).toEqual({
      groupName: 'acme',
      htmlPageName: 'maintenance',
      content: '<html><body>Back soon</body></html>',
      fileName: 'maintenance.html',
      ridPosition: 'center',
      ridColor: 'black',
    });
    expect(screen.getByText('Created Successfully')).toBeTruthy();
  });

  it('refuses a file with a space in its name, not HTML or too large, without reading or sending it', async () => {
    const { calls } = renderPages();
    await openCreate();
    type('html-page-name', 'maintenance');
    const before = calls.length;
    chooseFile(new File(['<html></html>'], 'my page.html', { type: 'text/html' }));
    expect((await screen.findByTestId('html-page-file-error')).textContent).toBe(
      'The file name must not contain spaces.',
    );
    chooseFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(screen.getByTestId('html-page-file-error').textContent).toBe(
        'Only an HTML file (.html or .htm) can be uploaded.',
      ),
    );
    chooseFile(new File(['x'.repeat(HTML_PAGE_MAX_BYTES + 1)], 'big.html', { type: 'text/html' }));
    await waitFor(() =>
      expect(screen.getByTestId('html-page-file-error').textContent).toBe('The page is larger than 256 KB.'),
    );
    expect((screen.getByTestId('html-page-content') as HTMLTextAreaElement).value).toBe('');
    click('html-page-submit');
    expect(await screen.findByTestId('html-page-form-error')).toBeTruthy();
    expect(screen.getByText('Form Error / Error: Please check the form error.')).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it("shows the server's field error under its field", async () => {
    const { sent } = renderPages({
      'POST /api/html-pages': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'bad', fields: { fileName: 'not_html_file' } }),
    });
    await openCreate();
    type('html-page-name', 'maintenance');
    type('html-page-content', '<html><body>typed</body></html>');
    click('html-page-submit');
    expect(await screen.findByText('Only an HTML file (.html or .htm) can be uploaded.')).toBeTruthy();
    expect(sent('POST', '/api/html-pages')[0]?.body).toMatchObject({
      htmlPageName: 'maintenance',
      content: '<html><body>typed</body></html>',
      fileName: null,
    });
    expect(await screen.findByTestId('html-page-form-error')).toBeTruthy();
    expect(screen.queryByTestId('html-page-created')).toBeNull();
  });

  it('says "Exceed Quota" when the group has no page left', async () => {
    renderPages({ 'POST /api/html-pages': () => json(403, { code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' }) });
    await openCreate();
    type('html-page-name', 'maintenance');
    type('html-page-content', '<p>x</p>');
    click('html-page-submit');
    expect(await screen.findByText('Exceed Quota')).toBeTruthy();
  });

  it.each([
    ['the server', () => json(500, { code: 'INTERNAL', message: 'x' })],
    ['the network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'says "Failed to create. Please try again" when %s fails',
    async (_, answer: () => Promise<Response> | Response) => {
      renderPages({ 'POST /api/html-pages': answer });
      await openCreate();
      type('html-page-name', 'maintenance');
      type('html-page-content', '<p>x</p>');
      click('html-page-submit');
      expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
        'Failed to create. Please try again',
      );
      expect(screen.queryByTestId('html-page-create-failed')).toBeNull();
    },
  );

  it("previews a saved page only in a frame sandboxed to allow-scripts, from the server's preview address", async () => {
    renderPages();
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Preview maintenance' }));
    const frame = (await screen.findByTestId('html-preview-frame')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('src')).toBe('/api/html-pages/id-maintenance/preview');
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    expect(frame.getAttribute('title')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('<body>maintenance</body>');
  });

  it('previews a draft through the server, shown from a blob: address in the same sandbox and revoked on close', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/draft-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { sent } = renderPages({
      'POST /api/html-pages/preview': () =>
        html(200, '<html><body><div id="parapet-rid">Case ID</div>draft</body></html>'),
    });
    await openCreate();
    type('html-page-content', '<html><body>draft</body></html>');
    fireEvent.click(screen.getByLabelText('White'));
    click('html-page-preview-draft');
    const frame = (await screen.findByTestId('html-preview-frame')) as HTMLIFrameElement;
    expect(sent('POST', '/api/html-pages/preview')[0]?.body).toEqual({
      content: '<html><body>draft</body></html>',
      ridPosition: 'topLeft',
      ridColor: 'white',
    });
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/draft-1');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const blob = create.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toContain('text/html');
    expect(await blob.text()).toContain('parapet-rid');
    fireEvent.click(within(frame.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:http://localhost/draft-1'));
  });

  it('edits after "Are you sure want to proceed?", sending the version read', async () => {
    const { sent } = renderPages({
      'PUT /api/html-pages/id-default': () =>
        json(200, htmlPage(DEFAULT_HTML_PAGE_NAME, { builtIn: true, version: 4 })),
    });
    await openList();
    click('html-page-edit-default');
    await screen.findByTestId('html-page-content');
    expect(screen.queryByTestId('html-page-name')).toBeNull();
    type('html-page-content', '<html><body>new</body></html>');
    click('html-page-submit');
    expect(
      await screen.findByText('Are you sure want to proceed?', { selector: '.ant-modal-confirm-title' }),
    ).toBeTruthy();
    expect(sent('PUT', '/api/html-pages/id-default')).toHaveLength(0);
    click('confirm-ok');
    await screen.findByTestId('html-page-updated');
    expect(sent('PUT', '/api/html-pages/id-default')[0]?.body).toEqual({
      content: '<html><body>new</body></html>',
      fileName: null,
      ridPosition: 'topLeft',
      ridColor: 'black',
      version: 3,
    });
  });

  it('tells which services use a page it could not delete', async () => {
    renderPages({
      'DELETE /api/html-pages/id-maintenance': () =>
        json(409, { code: 'IN_USE', message: 'is used by service', usedBy: ['shop', 'blog'] }),
    });
    await openList();
    click('html-page-delete-maintenance');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    expect((await screen.findByTestId('html-page-in-use')).textContent).toContain(
      'maintenance is used by service: shop, blog',
    );
  });

  it('keeps the column choice in userSelectedColumns.html', async () => {
    localStorage.setItem('parapet.userSelectedColumns', JSON.stringify({ cert: ['x'] }));
    renderPages();
    await openList();
    click('column-selector');
    const box = await screen.findByTestId('column-selector-ridColor');
    fireEvent.click(box.tagName === 'INPUT' ? box : within(box).getByRole('checkbox'));
    await waitFor(() => expect(headers().has('Rid colour')).toBe(false));
    const stored = JSON.parse(localStorage.getItem('parapet.userSelectedColumns') ?? '{}') as Record<string, string[]>;
    expect(stored.cert).toEqual(['x']);
    expect(stored.html).not.toContain('ridColor');
    expect(stored.html).toContain('ridPosition');
  });

  it('filters by rid colour, rid position, status and creator from page 1, and Reset clears them', async () => {
    // A call filtered by colour answers only the white page, so the screen shows which list it holds.
    const { sent } = renderPages({
      'GET /api/html-pages': ({ query }) =>
        json(200, {
          items: query.has('ridColor') ? PAGES.filter((p) => p.ridColor === query.get('ridColor')) : PAGES,
          total: 25,
        }),
    });
    await openList();
    const lastQuery = () => sent('GET', '/api/html-pages').at(-1)?.query;
    const filters = () =>
      filterParams(lastQuery(), ['status', 'createdBy', 'createdFrom', 'createdTo', 'ridPosition', 'ridColor']);
    await goToPage(2, lastQuery);

    await chooseOption('filter-rid-color', 'white');
    await waitFor(() => expect(filters()).toEqual({ ridColor: 'white' }));
    expect(lastQuery()?.get('page')).toBe('1');
    expect(lastQuery()?.get('groupName')).toBe('acme');
    await waitFor(() => expect(screen.queryByTestId('html-page-edit-default')).toBeNull());

    await chooseOption('filter-rid-position', 'bottomRight');
    await chooseOption('filter-status', 'Deploying');
    enterCreatedBy('ada');
    await waitFor(() =>
      expect(filters()).toEqual({
        ridColor: 'white',
        ridPosition: 'bottomRight',
        status: 'Deploying',
        createdBy: 'ada',
      }),
    );

    await goToPage(2, lastQuery);
    click('filter-reset');
    // Back to the unfiltered first page, which the cache still holds fresh.
    expect(await screen.findByTestId('html-page-edit-default')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('1');
    expect(screen.getByTestId('filter-rid-color').textContent).toBe('Rid colour');
  });

  it("labels the rid filters' choices as the form does", async () => {
    renderPages();
    await openList();
    fireEvent.mouseDown(within(screen.getByTestId('filter-rid-position')).getByRole('combobox'));
    expect((await screen.findByTestId('filter-rid-position-bottomLeft')).textContent).toBe('Bottom Left');
    fireEvent.mouseDown(within(screen.getByTestId('filter-rid-color')).getByRole('combobox'));
    expect((await screen.findByTestId('filter-rid-color-white')).textContent).toBe('White');
  });
});
