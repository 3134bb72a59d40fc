import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { expect } from 'vitest';

// The steps of the list filter bar (components/list-filters.tsx), shared by the screens' tests.

/** Opens the select `testId` and picks the option `value` (`<testId>-<value>`). */
export async function chooseOption(testId: string, value: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTestId(`${testId}-${value}`));
}

/** Types into "Created by" and presses Enter, which applies it. */
export function enterCreatedBy(text: string) {
  const input = screen.getByTestId('filter-created-by');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/**
 * Picks the `first`th to the `last`th day of the month the picker opens on (1-based) and returns
 * the epoch ms the list should send: the start of the first day and the end of the last.
 */
export function pickCreatedRange(first: number, last: number) {
  const start = within(screen.getByTestId('filter-created-range')).getAllByRole('textbox')[0] as HTMLElement;
  fireEvent.mouseDown(start);
  fireEvent.click(start);
  const days = [...document.querySelectorAll<HTMLElement>('td.ant-picker-cell-in-view[title]')].map(
    (cell) => cell.getAttribute('title') ?? '',
  );
  const [from, to] = [days[first - 1], days[last - 1]];
  if (!from || !to) throw new Error('the date picker did not open');
  for (const day of [from, to]) fireEvent.click(document.querySelector(`td[title="${day}"]`) as HTMLElement);
  return { createdFrom: dayjs(from).startOf('day').valueOf(), createdTo: dayjs(to).endOf('day').valueOf() };
}

/** Goes to page `page` of the screen's table and waits for the list call asking for it. */
export async function goToPage(page: number, lastQuery: () => URLSearchParams | undefined) {
  fireEvent.click(screen.getByTitle(String(page)));
  await waitFor(() => expect(lastQuery()?.get('page')).toBe(String(page)));
}

/** The query params of the filter bar in a list call, absent ones left out. */
export const filterParams = (query: URLSearchParams | undefined, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((key) => (query?.has(key) ? [[key, query.get(key)]] : [])));
