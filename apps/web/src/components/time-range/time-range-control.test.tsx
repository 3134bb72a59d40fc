import { CUSTOM_RANGE_MAX_DAYS_BACK, TIME_RANGE_CUSTOM_INDEX, TIME_RANGE_MINUTES } from '@parapet/shared';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/test/filter-steps';
import { isDayOutsideCustomRange, type TimeRangeValue } from './time-range';
import { TimeRangeControl } from './time-range-control';

function Parent({ report }: { report: (value: TimeRangeValue) => void }) {
  const [value, setValue] = useState<TimeRangeValue>({ index: 4 });
  return (
    <TimeRangeControl
      value={value}
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
