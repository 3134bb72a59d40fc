import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ALL_GROUPS, fullAccess, readOnlyAccess } from '@parapet/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { chooseOption } from '@/test/filter-steps';
import { memberOf } from '@/test/render-app';
import { ItemListToolbar, useItemList } from './item-list';
import type { ItemFilters } from './list-filters';

vi.mock('@/lib/tenancy/group-context', () => ({ useGroupContext: vi.fn() }));

type Filters = ItemFilters & { flavour?: 'sweet' | 'sour' };

const choose = (selected: string | undefined, user = memberOf({ acme: fullAccess() })) =>
  vi.mocked(useGroupContext).mockReturnValue({ user, allowed: ['acme'], selected });

beforeEach(() => choose('acme'));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('useItemList', () => {
  it('asks for the first page of the selected group, writable with write access', () => {
    const { result } = renderHook(() => useItemList<Filters>('certificates'), { wrapper });
    expect(result.current.groupName).toBe('acme');
    expect(result.current.canWrite).toBe(true);
    expect(result.current.query).toEqual({ groupName: 'acme', search: '', page: 1, pageSize: 10, filters: {} });
  });

  it('starts from the search a link carries (?search=)', () => {
    const { result } = renderHook(() => useItemList<Filters>('certificates'), {
      wrapper: ({ children }) => <MemoryRouter initialEntries={['/certs?search=shop']}>{children}</MemoryRouter>,
    });
    expect(result.current.query).toMatchObject({ search: 'shop', page: 1 });
  });

  it('is read-only without write access', () => {
    choose('acme', memberOf({ acme: readOnlyAccess() }));
    expect(renderHook(() => useItemList<Filters>('certificates'), { wrapper }).result.current.canWrite).toBe(false);
  });

  it('asks for nothing until a single group is chosen', () => {
    for (const selected of [undefined, ALL_GROUPS]) {
      choose(selected);
      const { result } = renderHook(() => useItemList<Filters>('certificates'), { wrapper });
      expect(result.current).toMatchObject({ groupName: undefined, canWrite: false, query: undefined });
    }
  });

  it('goes back to page 1, keeping the page size, on a new search or new filters', () => {
    const { result } = renderHook(() => useItemList<Filters>('certificates'), { wrapper });
    act(() => result.current.setPaging(3, 20));
    expect(result.current.query).toMatchObject({ page: 3, pageSize: 20 });

    act(() => result.current.setSearch('shop'));
    expect(result.current.query).toMatchObject({ search: 'shop', page: 1, pageSize: 20 });

    act(() => result.current.setPaging(2, 20));
    act(() => result.current.setFilters({ flavour: 'sour' }));
    expect(result.current.query).toMatchObject({ search: 'shop', page: 1, pageSize: 20, filters: { flavour: 'sour' } });
  });
});

/** The toolbar over the hook, as the list screens use them; the query it would fetch shows as JSON. */
function Screen({ ariaLabel }: { ariaLabel?: string }) {
  const list = useItemList<Filters>('certificates');
  const columns = { options: [{ key: 'issuer', label: 'Issuer' }], value: ['issuer'], onChange: () => undefined };
  return (
    <>
      <ItemListToolbar
        list={list}
        search={{ placeholder: 'Search by name', ariaLabel, testId: 'things-search' }}
        columns={columns}
      />
      <button onClick={() => list.setPaging(2, 10)}>page 2</button>
      <output data-testid="query">{JSON.stringify(list.query)}</output>
    </>
  );
}

const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '') as Record<string, unknown>;
const searchInput = () => screen.getByPlaceholderText('Search by name');

describe('ItemListToolbar', () => {
  it('searches and filters from page 1', async () => {
    render(<Screen />, { wrapper });
    fireEvent.click(screen.getByText('page 2'));
    expect(query()).toMatchObject({ page: 2 });
    fireEvent.change(searchInput(), { target: { value: 'shop' } });
    fireEvent.keyDown(searchInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(query()).toMatchObject({ search: 'shop', page: 1 }));

    fireEvent.click(screen.getByText('page 2'));
    expect(query()).toMatchObject({ page: 2 });
    await chooseOption('filter-status', 'Running');
    await waitFor(() => expect(query()).toMatchObject({ search: 'shop', page: 1, filters: { status: 'Running' } }));
    expect(screen.getByTestId('column-selector')).toBeTruthy();
  });

  it('names the search box only when told to', () => {
    const { unmount } = render(<Screen />, { wrapper });
    expect(searchInput().getAttribute('aria-label')).toBeNull();
    unmount();
    render(<Screen ariaLabel="Search by name" />, { wrapper });
    expect(searchInput().getAttribute('aria-label')).toBe('Search by name');
  });
});
