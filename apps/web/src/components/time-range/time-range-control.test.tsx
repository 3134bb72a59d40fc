import { CUSTOM_RANGE_MAX_DAYS_BACK, TIME_RANGE_CUSTOM_INDEX, TIME_RANGE_MINUTES } from '@parapet/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { chooseOption } from '@/test/filter-steps';
import { isDayBeforeRetention, isDayOutsideCustomRange, type TimeRangeValue } from './time-range';
import { TimeRangeControl } from './time-range-control';

function Parent({
  report,
  initial = { index: 4 },
  keptDays,
}: {
  report: (value: TimeRangeValue) => void;
  initial?: TimeRangeValue;
  keptDays?: number;
}) {
  const [value, setValue] = useState<TimeRangeValue>(initial);
  return (
    <TimeRangeControl
      value={value}
      keptDays={keptDays}
      onChange={(next) => {
        report(next);
        setValue(next);
      }}
    />
  );
}

describe('isDayOutsideCustomRange', () => {
  const today = dayjs('2026-03-20T15:00');
  it('offers the days from the bound back through tomorrow', () => {
    expect(isDayOutsideCustomRange(today.subtract(CUSTOM_RANGE_MAX_DAYS_BACK, 'day').startOf('day'), today)).toBe(
      false,
    );
    expect(isDayOutsideCustomRange(today.add(1, 'day').endOf('day'), today)).toBe(false);
    expect(isDayOutsideCustomRange(today.subtract(CUSTOM_RANGE_MAX_DAYS_BACK + 1, 'day').endOf('day'), today)).toBe(
      true,
    );
    expect(isDayOutsideCustomRange(today.add(2, 'day').startOf('day'), today)).toBe(true);
  });
});

describe('TimeRangeControl', () => {
  it('offers the six presets and custom, in English', async () => {
    const report = vi.fn<(value: TimeRangeValue) => void>();
    render(<Parent report={report} />);
    expect(screen.getByTestId('time-range').textContent).toContain('Last 1 day');
    await chooseOption('time-range', '0');
    expect(report).toHaveBeenLastCalledWith({ index: 0 });
    expect(screen.queryByTestId('time-range-custom')).toBeNull();
  });

  it('turns to custom with the span of the preset in use, and shows the bounded picker', async () => {
    const report = vi.fn<(value: TimeRangeValue) => void>();
    render(<Parent report={report} />);
    await chooseOption('time-range', String(TIME_RANGE_CUSTOM_INDEX));
    const value = report.mock.lastCall?.[0];
    expect(value?.index).toBe(TIME_RANGE_CUSTOM_INDEX);
    expect((value?.to ?? 0) - (value?.from ?? 0)).toBe((TIME_RANGE_MINUTES[4] ?? 0) * 60_000);
    expect(screen.getByPlaceholderText('Start')).toBeTruthy();
    expect(screen.getByPlaceholderText('End')).toBeTruthy();
  });
});

/** Types `text` into one end of the picker as a user does, then presses Enter. */
function typeInto(end: 'start' | 'end', text: string) {
  const input = pickerInput(end);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const pickerInput = (end: 'start' | 'end') =>
  document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')[end === 'start' ? 0 : 1] as HTMLInputElement;

function renderCustom(from: number, to: number, keptDays?: number) {
  const report = vi.fn<(value: TimeRangeValue) => void>();
  render(<Parent report={report} initial={{ index: TIME_RANGE_CUSTOM_INDEX, from, to }} keptDays={keptDays} />);
  return report;
}

const at = (text: string) => dayjs(text).valueOf();

/** Types both ends and expects the range applied as typed, with nothing said against it. */
function expectTypedApplied(report: ReturnType<typeof renderCustom>, from: string, to: string) {
  typeInto('start', from);
  typeInto('end', to);
  expect(report).toHaveBeenLastCalledWith({ index: TIME_RANGE_CUSTOM_INDEX, from: at(from), to: at(to) });
  expect(screen.queryByTestId('time-range-problem')).toBeNull();
}

describe('TimeRangeControl refuses what the server would', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00'), toFake: ['Date'] }));
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en-US');
  });

  it('keeps the range in use when the end is not after the start, and says why', async () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'));
    typeInto('start', '2026-11-20 10:00');
    typeInto('end', '2026-11-20 10:00');
    expect((await screen.findByTestId('time-range-problem')).textContent).toBe('The end must come after the start.');
    expect(report).not.toHaveBeenCalled();
    expect(pickerInput('start').value).toBe('2026-11-27 10:00');
  });

  it('does not swap a start typed after the end: it is refused', async () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'));
    typeInto('start', '2026-11-20 10:00');
    typeInto('end', '2026-11-19 10:00');
    expect((await screen.findByTestId('time-range-problem')).textContent).toBe('The end must come after the start.');
    expect(report).not.toHaveBeenCalled();
  });

  it('applies a good range and clears the message', async () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'));
    typeInto('start', '2026-11-20 10:00');
    typeInto('end', '2026-11-20 10:00');
    await screen.findByTestId('time-range-problem');
    expectTypedApplied(report, '2026-11-20 10:00', '2026-11-21 10:00');
  });

  it('says why a typed text is not taken, in the three languages', async () => {
    renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'));
    typeInto('start', '2026-13-45 10:00');
    expect((await screen.findByTestId('time-range-problem')).textContent).toBe(
      'Not a date and time: enter one as 2026-11-29 10:00.',
    );
    typeInto('start', '2026-09-30 00:00');
    expect(screen.getByTestId('time-range-problem').textContent).toBe(
      `The start may be at most ${CUSTOM_RANGE_MAX_DAYS_BACK} days back.`,
    );
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('time-range-problem').textContent).toBe(
      `开始时间最早为 ${CUSTOM_RANGE_MAX_DAYS_BACK} 天前。`,
    );
    typeInto('end', '2030-01-01 00:00');
    expect(screen.getByTestId('time-range-problem').textContent).toBe('结束时间最晚为明天。');
    await act(() => i18n.changeLanguage('zh-TW'));
    typeInto('end', 'abc');
    expect(screen.getByTestId('time-range-problem').textContent).toBe(
      '日期時間無效，請依 2026-11-29 10:00 的格式輸入。',
    );
  });

  it('shows the seconds of a range that is not on whole minutes', () => {
    renderCustom(at('2026-11-28 21:56:15'), at('2026-11-28 21:57:00'));
    expect(pickerInput('start').value).toBe('2026-11-28 21:56:15');
    expect(pickerInput('end').value).toBe('2026-11-28 21:57:00');
  });
});

describe('isDayBeforeRetention', () => {
  const keptFrom = dayjs('2026-11-22T10:00').valueOf();
  it('offers the day that holds the oldest kept instant, and none wholly before it', () => {
    expect(isDayBeforeRetention(dayjs('2026-11-22T00:00'), keptFrom)).toBe(false);
    expect(isDayBeforeRetention(dayjs('2026-11-21T23:59'), keptFrom)).toBe(true);
    expect(isDayBeforeRetention(dayjs('2026-10-01T12:00'), undefined)).toBe(false);
  });
});

describe("TimeRangeControl within the group's plan", () => {
  // Basic keeps 7 days: from 2026-11-22 10:00 at this instant.
  const KEPT_DAYS = 7;
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00'), toFake: ['Date'] }));
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en-US');
  });

  it('refuses a typed start on a day the plan no longer keeps, and says why in the three languages', async () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'), KEPT_DAYS);
    typeInto('start', '2026-11-20 10:00');
    expect((await screen.findByTestId('time-range-problem')).textContent).toBe(
      "This group's plan keeps events for 7 days: choose a later day.",
    );
    expect(report).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('time-range-problem').textContent).toBe(
      '该群组的方案保留 7 天的事件，请选择更晚的日期。',
    );
    await act(() => i18n.changeLanguage('zh-TW'));
    expect(screen.getByTestId('time-range-problem').textContent).toBe(
      '該群組的方案保留 7 天的事件，請選擇較晚的日期。',
    );
  });

  it('takes a start on the first kept day, and says the part before it is empty', () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'), KEPT_DAYS);
    expect(screen.queryByTestId('time-range-retention')).toBeNull();
    expectTypedApplied(report, '2026-11-22 08:00', '2026-11-23 08:00');
    expect(screen.getByTestId('time-range-retention').textContent).toBe(
      "This group's plan keeps events for 7 days, so the range shows nothing before then.",
    );
  });

  it('says so of a range kept from before that reaches past the plan, and not of one within it', () => {
    renderCustom(at('2026-11-01 00:00'), at('2026-11-02 00:00'), KEPT_DAYS);
    expect(screen.getByTestId('time-range-retention')).toBeTruthy();
    cleanup();
    renderCustom(at('2026-11-01 00:00'), at('2026-11-02 00:00'), 90);
    expect(screen.queryByTestId('time-range-retention')).toBeNull();
  });

  it('still offers every day back to the bound when the plan is not known', async () => {
    const report = renderCustom(at('2026-11-27 10:00'), at('2026-11-28 10:00'));
    expectTypedApplied(report, '2026-11-20 10:00', '2026-11-21 10:00');
  });
});
