import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, enterCreatedBy, pickCreatedRange } from '@/test/filter-steps';
import { createdRangeOf, FilterSelect, ListFilters, type ItemFilters } from './list-filters';

type Filters = ItemFilters & { flavour?: 'sweet' | 'sour' };

/** The bar under a parent that keeps what it reports, as the list screens do. */
function Parent({ report }: { report: (filters: Filters) => void }) {
  const [filters, setFilters] = useState<Filters>({});
  const onFilters = (next: Filters) => {
    report(next);
    setFilters(next);
  };
  const extra = (
    <FilterSelect
      label="Flavour"
      value={filters.flavour}
      options={[
        { value: 'sweet', label: 'Sweet' },
        { value: 'sour', label: 'Sour' },
      ]}
      onChange={(flavour) => onFilters({ ...filters, flavour })}
      testId="filter-flavour"
    />
  );
  return <ListFilters value={filters} onChange={onFilters} extra={extra} />;
}

function renderBar() {
  const report = vi.fn<(filters: Filters) => void>();
  render(<Parent report={report} />);
  return { report, last: () => report.mock.lastCall?.[0] };
}

describe('createdRangeOf', () => {
  it('sends the start of the first day and the end of the last, in local time', () => {
    expect(createdRangeOf([dayjs('2026-03-01T15:20'), dayjs('2026-03-07T08:00')])).toEqual({
      createdFrom: new Date(2026, 2, 1).getTime(),
      createdTo: new Date(2026, 2, 8).getTime() - 1,
    });
  });

  it('clears both ends when the range is cleared, and an open end alone', () => {
    expect(createdRangeOf(null)).toEqual({ createdFrom: undefined, createdTo: undefined });
    expect(createdRangeOf([dayjs('2026-03-01'), null])).toEqual({
      createdFrom: new Date(2026, 2, 1).getTime(),
      createdTo: undefined,
    });
  });
});

describe('ListFilters', () => {
  it('reports the status, the creator, the dates and the extra filter, keeping the others', async () => {
    const { report, last } = renderBar();
    await chooseOption('filter-status', 'Deploying');
    expect(last()).toEqual({ status: 'Deploying' });
    expect(screen.getByTestId('filter-status').textContent).toContain('Deploying');

    const range = pickCreatedRange(3, 9);
    expect(last()).toEqual({ status: 'Deploying', ...range });

    await chooseOption('filter-flavour', 'sour');
    expect(last()).toEqual({ status: 'Deploying', ...range, flavour: 'sour' });

    const reports = report.mock.calls.length;
    fireEvent.change(screen.getByTestId('filter-created-by'), { target: { value: '  Ada ' } });
    expect(report.mock.calls.length).toBe(reports);
    enterCreatedBy('  Ada ');
    expect(last()).toEqual({ status: 'Deploying', ...range, flavour: 'sour', createdBy: 'Ada' });
  });

  it('applies the creator on leaving the field and on clearing it, and ignores blanks', () => {
    const { report, last } = renderBar();
    const input = screen.getByTestId('filter-created-by');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect(report).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'grace' } });
    fireEvent.blur(input);
    expect(last()).toEqual({ createdBy: 'grace' });
    fireEvent.click(document.querySelector('.ant-input-clear-icon') as HTMLElement);
    expect(last()).toEqual({ createdBy: undefined });
  });

  it('clears every filter, its own and the extra ones, on Reset', async () => {
    const { last } = renderBar();
    await chooseOption('filter-status', 'Running');
    await chooseOption('filter-flavour', 'sweet');
    enterCreatedBy('ada');
    pickCreatedRange(1, 2);
    fireEvent.click(screen.getByTestId('filter-reset'));
    expect(last()).toEqual({});
    await waitFor(() => expect((screen.getByTestId('filter-created-by') as HTMLInputElement).value).toBe(''));
    expect(screen.getByTestId('filter-status').textContent).toBe('Status');
    expect(screen.getByTestId('filter-flavour').textContent).toBe('Flavour');
    for (const input of screen.getByTestId('filter-created-range').querySelectorAll('input'))
      expect(input.value).toBe('');
  });
});
