import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type ApiHandlers } from '@/test/render-app';
import { click, renderLine, type } from '../setting/service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADD_PATH = '/api/table/rcm-nginxconfigs/update/create';
const NOT_COVERING = {
  code: 'CERT_NOT_COVERING',
  message: 'x',
  details: { uncovered: [{ appProfileName: 'shop.example.com', domains: ['blog.example.org'] }] },
};

/** The Domains tab of the line, its add modal open and two domains sent, one covered and one not. */
async function addDomains(answer: ApiHandlers[string]) {
  const rendered = renderLine('groupName=acme&tab=domains', { [`POST ${ADD_PATH}`]: answer });
  await screen.findByTestId('domain-row-www.shop.example.com');
  click('domain-add');
  await screen.findByTestId('domain-add-domains');
  type('domain-add-domains', 'blog.shop.example.com\nblog.example.org');
  click('domain-add-submit');
  return rendered;
}

describe('adding domains the certificate does not cover', () => {
  it('asks, naming them; Cancel sends nothing more and keeps the form', async () => {
    const { sent } = await addDomains(() => json(409, NOT_COVERING));
    const dialog = await screen.findByTestId('uncovered-confirm');
    expect(screen.getByTestId('uncovered-line-shop.example.com').textContent).toBe(
      'shop.example.com: blog.example.org',
    );
    expect(dialog.textContent).toContain('Use this certificate anyway?');
    click('uncovered-confirm-cancel');
    // happy-dom never ends the dialog's leave animation, so give a resend the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent('POST', ADD_PATH)).toHaveLength(1);
    expect(sent('POST', ADD_PATH)[0]?.body).not.toHaveProperty('confirmUncovered');
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
    expect((screen.getByTestId('domain-add-domains') as HTMLTextAreaElement).value).toBe(
      'blog.shop.example.com\nblog.example.org',
    );
  });

  it('on OK sends the same domains again, confirmed, and says they were added', async () => {
    const { sent } = await addDomains((call) =>
      (call.body as { confirmUncovered?: boolean }).confirmUncovered
        ? json(200, { taskNo: 'task-9' })
        : json(409, NOT_COVERING),
    );
    await screen.findByTestId('uncovered-confirm');
    click('uncovered-confirm-ok');
    await screen.findByTestId('domains-added');
    const posts = sent('POST', ADD_PATH);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({ ...(posts[0]?.body as object), confirmUncovered: true });
    expect(posts[1]?.body).toMatchObject({ servername: ['blog.shop.example.com', 'blog.example.org'] });
  });
});

describe('a failed add', () => {
  it('says "Failed to create. Please try again" when the server fails', async () => {
    await addDomains(() => json(500, { code: 'INTERNAL', message: 'x' }));
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
  });

  it('says the same when the network fails', async () => {
    await addDomains(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
  });

  it('keeps a field error on its field, naming the domain and the line that has it', async () => {
    await addDomains(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: { 'servername.1': 'taken' },
        details: { fieldParams: { 'servername.1': { value: 'blog.example.org', usedBy: 'blog.line' } } },
      }),
    );
    expect(await screen.findByText('blog.example.org is already used by line blog.line.')).toBeTruthy();
    expect(screen.queryByTestId('toast-create-failed')).toBeNull();
  });
});
