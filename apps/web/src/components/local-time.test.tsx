import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LocalTime } from './local-time';

const AT = Date.UTC(2026, 10, 1, 19, 5, 9);
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The zone's short name as Intl writes it in English: "UTC", "EST", "GMT+8". */
const ZONE_NAME = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: ZONE })
  .formatToParts(AT)
  .find((part) => part.type === 'timeZoneName')?.value;

afterEach(() => act(() => i18n.changeLanguage('en-US')));

describe('LocalTime', () => {
  it('writes the instant in the browser zone with the zone named, in a <time> of the UTC instant', () => {
    const { container } = render(<LocalTime value={AT} language="en-US" />);
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-01T19:05:09.000Z');
    expect(time?.textContent).toMatch(/\d{2}:\d{2}:09/);
    expect(time?.textContent?.endsWith(` ${ZONE_NAME}`)).toBe(true);
  });

  it('writes whole minutes for a list, still naming the zone', () => {
    const { container } = render(<LocalTime value={AT} language="en-US" seconds={false} />);
    const text = container.querySelector('time')?.textContent ?? '';
    expect(text).toMatch(/, \d{2}:\d{2} /);
    expect(text).not.toMatch(/:09/);
    expect(text.endsWith(` ${ZONE_NAME}`)).toBe(true);
  });

  it('follows the console’s language when none is given', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { container } = render(<LocalTime value={AT} />);
    expect(container.querySelector('time')?.textContent).toMatch(/^2026年11月\d+日/);
  });
});
