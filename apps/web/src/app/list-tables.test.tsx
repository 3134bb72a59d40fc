import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupsTable } from '@/features/admin/components/groups-table';
import { MembersTable } from '@/features/admin/components/members-table';
import { UsersTable } from '@/features/admin/components/users-table';
import { CertsTable } from '@/features/certs/components/certs-table';
import { HtmlPagesTable } from '@/features/html-pages/components/html-pages-table';
import { OriginPoliciesTable } from '@/features/origin-policies/components/origin-policies-table';
import { ServiceLinesTable } from '@/features/service-lines/components/service-lines-table';
import { createQueryClient } from '@/lib/query-client';
import { json } from '@/test/render-app';
import { TestProviders } from '@/test/providers';

afterEach(() => vi.unstubAllGlobals());

const none = () => undefined;
const rows = {
  data: { items: [], total: 0 },
  loading: false,
  page: 1,
  pageSize: 10,
  onPage: none,
  canWrite: true,
  onLog: none,
};
const item = { ...rows, visible: [] as string[], onEdit: none };

/** Every list screen's table, with the header its row actions (or its only action) stand under. */
const LISTS: [string, ReactNode, string][] = [
  ['certificates', <CertsTable {...item} />, 'Actions'],
  ['HTML pages', <HtmlPagesTable {...item} onPreview={none} />, 'Actions'],
  ['origin policies', <OriginPoliciesTable {...item} />, 'Actions'],
  ['service lines', <ServiceLinesTable {...rows} onPurge={none} onDelete={none} />, 'Actions'],
  ['groups', <GroupsTable groups={[]} loading={false} onEdit={none} />, 'Actions'],
  ['members', <MembersTable groupName="acme" />, 'Actions'],
  ['users', <UsersTable query={{ search: '', page: 1, pageSize: 10 }} onPage={none} />, 'Disabled'],
];

// At 1280 px the tables scroll sideways; the actions must stay in view, pinned to the right edge.
describe('list tables', () => {
  it.each(LISTS)(
    '%s: the actions column is pinned to the right and the table scrolls sideways',
    async (_, table, header) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, { items: [], total: 0 })),
      );
      const { container } = render(
        <TestProviders queryClient={createQueryClient()}>
          <MemoryRouter>{table}</MemoryRouter>
        </TestProviders>,
      );
      const cell = await screen.findByRole('columnheader', { name: header });
      expect(cell.className).toMatch(/ant-table-cell-fix-(end|right)/);
      expect(within(container).getAllByRole('columnheader').at(-1)).toBe(cell);
      expect(container.querySelector('.ant-table-scroll-horizontal, .ant-table-content')).not.toBeNull();
    },
  );
});
