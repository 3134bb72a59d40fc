import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_PAGE_API, SERVICE_LINE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { edgeRequest, NGINX, startEdgeApp, type EdgeTestApp } from './edge-fixtures.js';

/**
 * A line's error page (issue 14 item 2): when its origin cannot be reached, the visitor gets the
 * page the line names, with the request id drawn where the page says, and the failure's status.
 */
describe.skipIf(!existsSync(NGINX))("a line's error page at the edge", () => {
  let t: EdgeTestApp;
  let owner: Account;
  const group = 'edgeerrors';

  beforeAll(async () => {
    t = await startEdgeApp('sqlite');
    owner = await signUpConfirmed(t, group);
    const page = await owner.client.post(HTML_PAGE_API.pages, {
      groupName: group,
      htmlPageName: 'origin_down',
      content: '<!doctype html><html><body><h1>Back soon</h1></body></html>',
      fileName: 'origin-down.html',
      ridPosition: 'topLeft',
      ridColor: 'white',
    });
    expect(page.statusCode, page.body).toBeLessThan(300);
    // Nothing listens on port 1 of loopback: every attempt to reach the origin fails.
    const line = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'down.example',
      customerPackage: 'standard',
      servername: ['down.example.com'],
      origins: [{ address: '127.0.0.1:1' }],
      errorHtmlPageName: 'origin_down',
    });
    expect(line.statusCode, line.body).toBe(200);
    await t.deploy();
  }, 60_000);
  afterAll(async () => {
    await t?.stopAll();
  });

  it('answers 502 with the line’s page and the request id in it', async () => {
    const answer = await edgeRequest({ port: t.offset + 80, host: 'down.example.com', path: '/' });
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('Back soon');
    const block = /<div id="parapet-rid" style="([^"]*)">([^<]*)/.exec(answer.body);
    expect(block?.[1]).toMatch(/top:0;left:0;color:white/);
    expect(block?.[2]).toMatch(/[0-9a-f]{32}/);
  });
});
