import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SourceList } from './source-list';

const items = Array.from({ length: 12 }, (_, index) => ({
  key: `10.0.0.${index + 1}`,
  value: (12 - index) * 1000,
}));

describe('SourceList', () => {
  it('shows five rows by default, each value with its unit and a bar for its share of the top', () => {
    render(<SourceList items={items} metric="requests" language="en-US" />);
    const rows = screen.getAllByTestId('source-list-row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0] as HTMLElement).getByText('12,000 requests')).toBeTruthy();
    const bars = screen.getAllByTestId('source-list-bar').map((bar) => bar.style.width);
    expect(bars[0]).toBe('100%');
    expect(bars[4]).toBe(`${(8 / 12) * 100}%`);
  });

  it('switches between 3, 5 and 10 rows', () => {
    const onSizeChange = vi.fn();
    render(<SourceList items={items} metric="bytes" language="zh-CN" onSizeChange={onSizeChange} />);
    fireEvent.click(screen.getByText('前 10 项'));
    expect(screen.getAllByTestId('source-list-row')).toHaveLength(10);
    expect(onSizeChange).toHaveBeenLastCalledWith(10);
    fireEvent.click(screen.getByText('前 3 项'));
    expect(screen.getAllByTestId('source-list-row')).toHaveLength(3);
  });

  it('follows a size it is given', () => {
    render(<SourceList items={items} metric="requests" language="en-US" size={3} />);
    expect(screen.getAllByTestId('source-list-row')).toHaveLength(3);
  });

  it('filters by a row on click and excludes it with the small action', () => {
    const onSelect = vi.fn();
    render(
      <SourceList
        items={[{ key: 'CN', label: 'China', value: 3 }]}
        metric="requests"
        language="en-US"
        onSelect={onSelect}
      />,
    );
    // Named by its visible text (the item and its figure), the filter it adds said as its description.
    const row = screen.getByRole('button', { description: 'Filter by China' });
    expect(row.textContent).toBe('China3 requests');
    expect(screen.getByRole('button', { name: /^China\s*3 requests$/ })).toBe(row);
    fireEvent.click(row);
    expect(onSelect).toHaveBeenLastCalledWith('CN', 'is');
    fireEvent.click(screen.getByRole('button', { name: 'Exclude China' }));
    expect(onSelect).toHaveBeenLastCalledWith('CN', 'is_not');
  });

  it('describes no filter when rows cannot be picked', () => {
    render(<SourceList items={[{ key: 'CN', label: 'China', value: 3 }]} metric="requests" language="zh-CN" />);
    const row = screen.getByRole('button', { name: /^China/ });
    expect(row.hasAttribute('disabled')).toBe(true);
    expect(row.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('按 China 筛选')).toBeNull();
  });

  it('says when there is nothing to list', () => {
    render(<SourceList items={[]} metric="requests" language="zh-TW" />);
    expect(screen.getByText('暫無資料')).toBeTruthy();
    expect(screen.queryAllByTestId('source-list-row')).toHaveLength(0);
  });
});
