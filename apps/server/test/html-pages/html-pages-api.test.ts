import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_HTML_PAGE_NAME,
  GROUP_API,
  HTML_PAGE_API,
  HTML_PAGE_MAX_BYTES,
  PLANS,
  readOnlyAccess,
} from '@parapet/shared';
import { insertPageRow } from '../../src/modules/html-pages/html-pages.repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

const PAGE =
  '<!DOCTYPE html><html><head><title>Down</title></head><body><h1>Back soon</h1><script>document.title = "ran"</script></body></html>';

describe.each(storeKinds)('HTML pages API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const create = (body: Record<string, unknown>) =>
    owner.client.post(HTML_PAGE_API.pages, {
      groupName: owner.username,
      htmlPageName: 'maintenance',
      content: PAGE,
      fileName: 'maintenance.html',
      ...body,
    });
  const list = async () => (await owner.client.get(`${HTML_PAGE_API.pages}?groupName=${owner.username}`)).json();
  beforeEach(async () => {
    t = await buildTestApp(kind);
    owner = await signUpConfirmed(t, 'pageowner');
  });
  afterEach(() => t.close());

  it('gives every group the built-in default page, which can be edited but never deleted', async () => {
    const { items, total } = await list();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      htmlPageName: DEFAULT_HTML_PAGE_NAME,
      builtIn: true,
      ridPosition: 'topLeft',
      ridColor: 'black',
      createdBy: 'system',
    });
    expect((await list()).total).toBe(1);
    await t.app.deploy.drain();
    const url = fill(HTML_PAGE_API.page, { id: items[0].id });
    const refused = await owner.client.delete(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BUILTIN_PAGE' });
    const edited = await owner.client.put(url, {
      content: '<p>Our own default</p>',
      ridPosition: 'center',
      ridColor: 'white',
      version: items[0].version,
    });
    expect(edited.json()).toMatchObject({
      content: '<p>Our own default</p>',
      ridPosition: 'center',
      builtIn: true,
      version: 2,
    });
    expect((await create({ htmlPageName: DEFAULT_HTML_PAGE_NAME })).json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      fields: { htmlPageName: 'taken' },
    });
  });

  it('creates an uploaded page, lists it after the built-in one, saves it over the version read, and deletes it', async () => {
    const made = await create({ ridPosition: 'bottomRight', ridColor: 'white' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      htmlPageName: 'maintenance',
      fileName: 'maintenance.html',
      content: PAGE,
      builtIn: false,
      status: 'Deploying',
      usedBy: [],
      createdBy: 'pageowner',
      version: 1,
    });
    expect((await list()).items.map((p: { htmlPageName: string }) => p.htmlPageName)).toEqual([
      'default',
      'maintenance',
    ]);
    expect((await owner.client.get(`${HTML_PAGE_API.pages}?groupName=pageowner&search=MAINT`)).json().total).toBe(1);
    await t.app.deploy.drain();

    const url = fill(HTML_PAGE_API.page, { id: made.json().id });
    const saved = await owner.client.put(url, {
      content: '<p>edited in place</p>',
      fileName: null,
      ridPosition: 'topRight',
      ridColor: 'black',
      version: 1,
    });
    expect(saved.json()).toMatchObject({
      content: '<p>edited in place</p>',
      fileName: null,
      ridPosition: 'topRight',
      version: 2,
    });
    await t.app.deploy.drain();
    expect((await owner.client.put(url, { content: '<p>stale</p>', version: 1 })).json()).toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    expect((await owner.client.delete(url)).statusCode).toBe(200);
    const log = (
      await owner.client.get(`${GROUP_API.audit}?entity=html-page&entityId=${made.json().id}&groupName=pageowner`)
    ).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: { ridPosition: 'bottomRight' }, after: { ridPosition: 'topRight' } });
  });

  it('filters by status, creator, dates, rid position and colour', async () => {
    await list();
    await new Promise((r) => setTimeout(r, 5));
    const before = Date.now();
    await create({ htmlPageName: 'corner', ridPosition: 'bottomRight', ridColor: 'white' });
    await t.app.deploy.drain();
    await create({ htmlPageName: 'middle', ridPosition: 'center' });
    const names = async (filters: string) =>
      (await owner.client.get(`${HTML_PAGE_API.pages}?groupName=pageowner&${filters}`))
        .json()
        .items.map((p: { htmlPageName: string }) => p.htmlPageName);
    expect(await names('ridColor=white')).toEqual(['corner']);
    expect(await names('ridPosition=center')).toEqual(['middle']);
    expect(await names('ridPosition=topLeft')).toEqual(['default']);
    expect(await names('createdBy=PAGEOWN')).toEqual(['corner', 'middle']);
    expect(await names('createdBy=system')).toEqual(['default']);
    expect(await names(`createdFrom=${before}&createdTo=${Date.now()}`)).toEqual(['corner', 'middle']);
    expect(await names('createdTo=1')).toEqual([]);
    // As if middle's deployment were still on its way.
    await t.app.deploy.drain();
    await t.store.db
      .updateTable('html_pages')
      .set({ status: 'Deploying' })
      .where('html_page_name', '=', 'middle')
      .execute();
    expect(await names('status=Deploying')).toEqual(['middle']);
    const bad = await owner.client.get(`${HTML_PAGE_API.pages}?groupName=pageowner&ridColor=pink`);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ridColor: 'invalid_value' } });
  });

  it.each([
    ['a file name with a space', { fileName: 'my page.html' }, { fileName: 'file_name_has_space' }],
    ['a file that is not HTML', { fileName: 'page.txt' }, { fileName: 'not_html_file' }],
    [
      'a page over the size cap',
      { content: `<p>${'x'.repeat(HTML_PAGE_MAX_BYTES)}</p>` },
      { content: 'page_too_large' },
    ],
    ['an empty page', { content: '   ' }, { content: 'required' }],
    ['a name outside its charset', { htmlPageName: 'Sorry-Page' }, { htmlPageName: 'invalid_format' }],
    ['a name too long', { htmlPageName: 'p'.repeat(36) }, { htmlPageName: 'too_big' }],
    ['an unknown rid position', { ridPosition: 'middle' }, { ridPosition: 'invalid_value' }],
  ])('refuses %s, changing nothing', async (_label, body, fields) => {
    await list();
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await t.store.db.selectFrom('html_pages').select('id').where('built_in', '=', 0).execute()).toHaveLength(0);
  });

  it("enforces the plan's page quota, not counting the built-in page", async () => {
    const now = Date.now();
    const limit = PLANS.basic.resourceLimits.maxHtmlPageCount;
    await list();
    for (let i = 0; i < limit; i += 1) {
      await insertPageRow(t.store.db, {
        id: `pre-${i}`,
        group_name: 'pageowner',
        html_page_name: `pre${i}`,
        content: 'x',
        file_name: null,
        rid_position: 'topLeft',
        rid_color: 'black',
        built_in: 0,
        status: 'Running',
        last_error: null,
        created_by: 'x',
        created_at: now,
        updated_at: now,
      });
    }
    const res = await create({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' });
    expect(
      (await owner.client.get(`${GROUP_API.resourceLimits}?groupName=pageowner`)).json().usage.maxHtmlPageCount,
    ).toBe(limit);
  });

  it('previews a page with a sample request-id block, under a sandbox policy the console alone may frame', async () => {
    const made = (await create({ ridPosition: 'center', ridColor: 'white' })).json();
    const res = await owner.client.get(fill(HTML_PAGE_API.preview, { id: made.id }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.body).toMatch(
      /<body><div id="parapet-rid" style="[^"]*top:50%;left:50%;[^"]*color:white;">Case ID: [0-9a-f]{32}<br>Time Stamp: \S+<br>IP: /,
    );
    expect(res.body).toContain('<h1>Back soon</h1>');

    const draft = await owner.client.post(HTML_PAGE_API.previewDraft, {
      content: '<p>draft</p>',
      ridPosition: 'bottomLeft',
      ridColor: 'black',
    });
    expect(draft.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(draft.body).toContain(
      '<p>draft</p><div id="parapet-rid" style="z-index:9999;font-size:18px;position:absolute;bottom:0;left:0;color:black;">',
    );
    const stranger = await signUpConfirmed(t, 'stranger');
    expect((await stranger.client.get(fill(HTML_PAGE_API.preview, { id: made.id }))).statusCode).toBe(404);
  });

  it('lets a read-only member list and preview pages but not create one', async () => {
    const admin = await signedInAdmin(t);
    const reader = await signUpConfirmed(t, 'reader');
    await admin.put(fill(GROUP_API.member, { groupName: 'pageowner', username: 'reader' }), {
      rolePermissions: readOnlyAccess(),
    });
    expect((await reader.client.get(`${HTML_PAGE_API.pages}?groupName=pageowner`)).statusCode).toBe(200);
    const refused = await reader.client.post(HTML_PAGE_API.pages, {
      groupName: 'pageowner',
      htmlPageName: 'mine',
      content: PAGE,
    });
    expect(refused.statusCode).toBe(403);
  });
});
