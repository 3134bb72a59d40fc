import type { EventFilter } from '@parapet/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/test/filter-steps';
import { EventFilterBar } from './event-filter-bar';

function Parent({ initial, report }: { initial: EventFilter[]; report: (filters: EventFilter[]) => void }) {
  const [filters, setFilters] = useState(initial);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <EventFilterBar
        filters={filters}
        onChange={(next) => {
          report(next);
          setFilters(next);
        }}
        suggestionScope={{ groupName: 'alpha', dateRange: { index: 4 }, filters: [] }}
      />
    </QueryClientProvider>
  );
}

function renderBar(initial: EventFilter[] = []) {
  const report = vi.fn<(filters: EventFilter[]) => void>();
  render(<Parent initial={initial} report={report} />);
  return { report, last: () => report.mock.lastCall?.[0] };
}

const chip = (index: number) => screen.getByTestId(`event-filter-chip-${index}`);
const valueInput = () =>
  within(screen.getByTestId('event-filter-value')).queryByRole('combobox') ?? screen.getByTestId('event-filter-value');

/** The filter-values call answers these suggestions whatever the field. */
function stubSuggestions(values: string[] = []) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ values: values.map((value) => ({ value, count: 9 })) }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('EventFilterBar', () => {
  beforeEach(() => stubSuggestions());
  afterEach(() => vi.unstubAllGlobals());

  it('shows chips as "Label: value" with NOT / EXIST / NOT EXIST, actions and countries by name', () => {
    renderBar([
      { field: 'country', op: 'is', value: 'DE' },
      { field: 'action', op: 'is_not', value: '01' },
      { field: 'referer', op: 'exists' },
      { field: 'rule', op: 'not_exists' },
    ]);
    expect(chip(0).textContent).toBe('Country: Germany');
    expect(chip(1).textContent).toBe('NOT Action: Deny');
    expect(chip(2).textContent).toBe('EXIST Referer');
    expect(chip(3).textContent).toBe('NOT EXIST Rule');
  });

  it('adds a filter with a suggested value, edits it, refuses a duplicate and removes one', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ values: [{ value: 'shop.example.com', count: 9 }] }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { last } = renderBar([{ field: 'country', op: 'is', value: 'US' }]);

    fireEvent.click(screen.getByTestId('event-filter-add'));
    await chooseOption('event-filter-field', 'server_name');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/dashboard/filter-values');
    expect(JSON.parse(String(init.body))).toMatchObject({ groupName: 'alpha', field: 'server_name' });
    fireEvent.change(valueInput(), { target: { value: 'shop.example.com' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    await waitFor(() =>
      expect(last()).toEqual([
        { field: 'country', op: 'is', value: 'US' },
        { field: 'server_name', op: 'is', value: 'shop.example.com' },
      ]),
    );

    // Editing the second chip into a copy of the first is refused.
    fireEvent.click(chip(1));
    await chooseOption('event-filter-field', 'country');
    fireEvent.change(valueInput(), { target: { value: 'US' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    expect((await screen.findByTestId('event-filter-duplicate')).textContent).toContain('Duplicate Filter!');
    // ... and becomes "is not" instead.
    await chooseOption('event-filter-op', 'is_not');
    fireEvent.click(screen.getByTestId('event-filter-save'));
    await waitFor(() => expect(last()?.[1]).toEqual({ field: 'country', op: 'is_not', value: 'US' }));

    fireEvent.click(screen.getByTestId('event-filter-remove-0'));
    expect(last()).toEqual([{ field: 'country', op: 'is_not', value: 'US' }]);
    expect(screen.queryByTestId('event-filter-save')).toBeNull();
  });

  it("reaches a chip's editor and its removal by buttons, so the keyboard can", async () => {
    const { last } = renderBar([{ field: 'country', op: 'is', value: 'DE' }]);
    // Native buttons: Tab stops, and Enter or Space gives them a click.
    const text = within(chip(0)).getByRole('button', { name: 'Country: Germany' });
    expect(text.tagName).toBe('BUTTON');
    fireEvent.click(text);
    expect(await screen.findByTestId('event-filter-save')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('event-filter-save')).toBeNull());
    const cross = within(chip(0)).getByRole('button', { name: 'Remove filter Country: Germany' });
    expect(cross.tabIndex).toBe(0);
    fireEvent.keyDown(cross, { key: 'Enter' });
    expect(last()).toEqual([]);
  });

  it('asks a number of a numeric field and offers greater and less than only there', async () => {
    const { last, report } = renderBar();
    fireEvent.click(screen.getByTestId('event-filter-add'));
    await chooseOption('event-filter-field', 'status');
    await chooseOption('event-filter-op', 'gt');
    fireEvent.click(screen.getByTestId('event-filter-save'));
    expect(await screen.findByText('Please enter a number.')).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
    fireEvent.change(valueInput(), { target: { value: '499.5' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    expect(await screen.findByText('Enter a whole number.')).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
    fireEvent.change(valueInput(), { target: { value: '499' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    await waitFor(() => expect(last()).toEqual([{ field: 'status', op: 'gt', value: 499 }]));

    fireEvent.click(screen.getByTestId('event-filter-add'));
    await chooseOption('event-filter-field', 'country');
    fireEvent.mouseDown(within(screen.getByTestId('event-filter-op')).getByRole('combobox'));
    await screen.findByTestId('event-filter-op-exists');
    expect(screen.queryByTestId('event-filter-op-gt')).toBeNull();
  });

  it('says the range of a number past what a field holds, keeps what was typed, and shows the unit', async () => {
    const { last, report } = renderBar();
    fireEvent.click(screen.getByTestId('event-filter-add'));
    // The list is virtual: typing brings the field into it.
    const fieldBox = within(screen.getByTestId('event-filter-field')).getByRole('combobox');
    fireEvent.mouseDown(fieldBox);
    fireEvent.change(fieldBox, { target: { value: 'Byte' } });
    fireEvent.click(await screen.findByTestId('event-filter-field-bytes_sent'));
    await chooseOption('event-filter-op', 'lt');
    expect(within(screen.getByTestId('event-filter-value').closest('.ant-form-item')!).getByText('B')).toBeTruthy();
    fireEvent.change(valueInput(), { target: { value: '100000000000000000000' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    expect(await screen.findByText('Enter a number from 0 to 9,007,199,254,740,991.')).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
    fireEvent.change(valueInput(), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    expect(await screen.findByText('Enter a number from 0 to 9,007,199,254,740,991.')).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
    fireEvent.change(valueInput(), { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    await waitFor(() => expect(last()).toEqual([{ field: 'bytes_sent', op: 'lt', value: 1500 }]));
    expect(chip(0).textContent).toContain('1,500 B');
  });
});
