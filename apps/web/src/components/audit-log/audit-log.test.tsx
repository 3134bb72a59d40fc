import type { AuditEntry } from '@parapet/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json } from '@/test/render-app';
import { AuditLog } from './audit-log';

afterEach(() => vi.unstubAllGlobals());

const ENTRIES: AuditEntry[] = [
  {
    id: '2',
    at: Date.UTC(2025, 0, 2, 10, 0, 0),
    actor: 'root',
    groupName: 'acme',
    entity: 'member',
    entityId: 'acme/ada',
    action: 'update',
    before: { rolePermissions: { certificates: { read: true } } },
    after: { rolePermissions: { certificates: { read: true, write: true } } },
  },
  {
    id: '1',
    at: Date.UTC(2025, 0, 1, 9, 0, 0),
    actor: 'root',
    groupName: 'acme',
    entity: 'member',
    entityId: 'acme/ada',
    action: 'create',
    before: null,
    after: { rolePermissions: { certificates: { read: true } } },
  },
];

function renderLog() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(200, { items: ENTRIES }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <AuditLog entity="member" groupName="acme" />
      </App>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('AuditLog', () => {
  it('lists who changed what and when, newest first, and asks for the entity given', async () => {
    const fetchMock = renderLog();
    const rows = await screen.findAllByTestId('audit-entry');
    // Dates in the user's locale (dayjs 'lll'), not a fixed ISO-like pattern.
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Updatedacme\/adarootJan 2, 2025/),
      expect.stringMatching(/^Createdacme\/adarootJan 1, 2025/),
    ]);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/audit');
    expect(Object.fromEntries(url.searchParams)).toEqual({ entity: 'member', groupName: 'acme' });
  });

  it('opens an entry on the diff of its fields, with additions and changes marked', async () => {
    renderLog();
    const [update, create] = await screen.findAllByTestId('audit-entry');
    fireEvent.click(update as HTMLElement);
    const changed = await screen.findAllByTestId('audit-diff-row');
    expect(
      changed.map((row) => [
        row.getAttribute('data-kind'),
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]),
    ).toEqual([['added', ['Certificates · Write', '', 'Yes', 'Added']]]);
    fireEvent.click(create as HTMLElement);
    await screen.findByText('Certificates · Read');
    const all = screen.getAllByTestId('audit-diff-row').map((row) => row.getAttribute('data-kind'));
    expect(all).toEqual(['added', 'added']);
  });
});
