import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HTML_PAGE_API } from '@parapet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

const PAGE = '<!DOCTYPE html><html><body><h1>Closed</h1><script>parent.document.cookie</script></body></html>';

/** A CSP header as directive → its values. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** Shown as a document only under a sandbox that gives it an opaque origin and no way out. */
function expectSandboxed(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const csp = policy(res);
  // Scripts may run for the author to see; nothing else is granted (no same origin, no forms,
  // no popups, no navigating the console), and only the console may frame it.
  expect(csp.get('sandbox')).toEqual(['allow-scripts']);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'none'"]);
}

describe.each(storeKinds)('uploaded HTML previewed only inside a sandboxed frame (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('the saved page and a draft are previewed under a CSP sandbox; everywhere else the page is JSON data', async () => {
    t = await buildTestApp(kind);
    const cy = await signUpConfirmed(t, 'cyd');
    const made = await cy.client.post(HTML_PAGE_API.pages, {
      groupName: 'cyd',
      htmlPageName: 'closed',
      content: PAGE,
      fileName: 'closed.html',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;

    const saved = await cy.client.get(fill(HTML_PAGE_API.preview, { id }));
    expectSandboxed(saved);
    expect(saved.body).toContain('<h1>Closed</h1>');
    const draft = await cy.client.post(HTML_PAGE_API.previewDraft, {
      content: PAGE,
      ridPosition: 'center',
      ridColor: 'black',
    });
    expectSandboxed(draft);
    expect(draft.body).toContain('<h1>Closed</h1>');

    // The calls that return the page's text return it as data, never as a document to render.
    for (const res of [
      await cy.client.get(fill(HTML_PAGE_API.page, { id })),
      await cy.client.get(`${HTML_PAGE_API.pages}?groupName=cyd`),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toContain('Closed');
    }
  });

  it("the console's pages frame only their own origin and blob: drafts, and are framed by no one", async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'parapet-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    try {
      t = await buildTestApp(kind, { config: { webRoot } });
      const csp = policy(await t.app.inject({ method: 'GET', url: '/html-pages' }));
      expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
