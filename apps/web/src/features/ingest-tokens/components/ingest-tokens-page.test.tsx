import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INGEST_TOKEN_SHOWN_LENGTH } from '@parapet/shared';
import { ADMIN_USER, group, json, renderApp, shellHandlers, TEST_USER, type ApiHandlers } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SECRET = `ppi_${'s'.repeat(43)}`;
const token = (name: string, extra = {}) => ({
  id: `id-${name}`,
  name,
  prefix: SECRET.slice(0, INGEST_TOKEN_SHOWN_LENGTH),
  createdBy: 'root',
  createdAt: 1_700_000_000_000,
  lastUsedAt: null,
  ...extra,
});
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

function renderTokens(handlers: ApiHandlers = {}) {
  const items = [token('edge-eu', { lastUsedAt: 1_700_000_600_000 }), token('simulator')];
  return renderApp('/admin/ingest-tokens', {
    ...shellHandlers(ADMIN_USER, [group('default')]),
    'GET /api/admin/ingest-tokens': () => json(200, { items }),
    ...handlers,
  });
}

describe('ingest tokens screen', () => {
  it('lists the live tokens by name and first characters, never the token', async () => {
    renderTokens();
    const table = await screen.findByTestId('ingest-tokens-table');
    await waitFor(() => expect(table.textContent).toContain('edge-eu'));
    expect(table.textContent).toContain(`${SECRET.slice(0, INGEST_TOKEN_SHOWN_LENGTH)}…`);
    expect(table.textContent).not.toContain(SECRET);
    const never = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('simulator'));
    expect(never?.textContent).toContain('Never');
    expect(screen.getByTestId('page-title').textContent).toBe('Ingest Tokens');
  });

  it('creates a token and shows it once, with a warning and a copy button', async () => {
    const { sent } = renderTokens({
      'POST /api/admin/ingest-tokens': ({ body }) =>
        (body as { name: string }).name === 'taken'
          ? json(409, { code: 'ALREADY_EXISTS', message: 'x', fields: { name: 'taken' } })
          : json(201, { id: 'id-new', name: 'edge-us', token: SECRET, createdAt: 1_700_000_000_000 }),
    });
    await screen.findByTestId('ingest-tokens-table');
    click('ingest-token-create');
    const name = await screen.findByTestId('ingest-token-create-name');
    fireEvent.change(name, { target: { value: 'taken' } });
    click('ingest-token-create-submit');
    expect(await screen.findByText('This value is already used.')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' edge-us ' } });
    click('ingest-token-create-submit');

    const shown = await screen.findByTestId('ingest-token-value');
    expect(shown.textContent).toContain(SECRET);
    expect(screen.getByTestId('ingest-token-warning').textContent).toContain('shown only once');
    expect(shown.querySelector('.ant-typography-copy')).toBeTruthy();
    expect(sent('POST', '/api/admin/ingest-tokens').at(-1)?.body).toEqual({ name: 'edge-us' });
    // The list is asked again, and closing drops the token from the page.
    await waitFor(() => expect(sent('GET', '/api/admin/ingest-tokens').length).toBeGreaterThan(1));
    click('ingest-token-done');
    await waitFor(() => expect(document.body.textContent).not.toContain(SECRET));
  });

  it('revokes a token only after confirming', async () => {
    const { sent } = renderTokens({ 'DELETE /api/admin/ingest-tokens/id-edge-eu': () => json(200, { ok: true }) });
    await screen.findByTestId('ingest-token-revoke-edge-eu');
    click('ingest-token-revoke-edge-eu');
    expect(await screen.findByText('Are you sure want to proceed?')).toBeTruthy();
    expect(sent('DELETE', '/api/admin/ingest-tokens/id-edge-eu')).toHaveLength(0);
    click('confirm-ok');
    await screen.findByTestId('ingest-token-revoked');
    expect(sent('DELETE', '/api/admin/ingest-tokens/id-edge-eu')).toHaveLength(1);
  });

  it('sends a member away from the screen, to the landing page', async () => {
    const { router, sent } = renderApp('/admin/ingest-tokens', shellHandlers(TEST_USER));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByTestId('ingest-tokens-table')).toBeNull();
    expect(sent('GET', '/api/admin/ingest-tokens')).toHaveLength(0);
  });
});
