import { TIME_RANGE_CUSTOM_INDEX, resolveDateRange } from '@parapet/shared';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CUSTOM_RANGE_FORMAT, TIME_RANGE_INDEXES, isDayOutsideCustomRange, type TimeRangeValue } from './time-range';

interface TimeRangeControlProps {
  value: TimeRangeValue;
  onChange: (next: TimeRangeValue) => void;
  /** Prefix of the test ids: `<testId>` on the select, `<testId>-custom` on the picker. */
  testId?: string;
}

/**
 * The time range of the event log and the dashboard: the six presets and Custom, which shows a
 * range picker bounded to the days the server takes. A range is passed on only with both ends,
 * so a query never runs on half a range.
 */
export function TimeRangeControl({ value, onChange, testId = 'time-range' }: TimeRangeControlProps) {
  const { t } = useTranslation('events');
  const custom = value.index === TIME_RANGE_CUSTOM_INDEX;
  const picked: [Dayjs, Dayjs] | null =
    custom && value.from !== undefined && value.to !== undefined ? [dayjs(value.from), dayjs(value.to)] : null;

  const choose = (index: number) => {
    if (index !== TIME_RANGE_CUSTOM_INDEX) {
      onChange({ index });
      return;
    }
    // Custom starts as the span the preset in use covers now, so it is valid from the first moment.
    onChange({ index, ...resolveDateRange(value, dayjs().startOf('minute').valueOf()) });
  };

  return (
    <Space wrap size="small">
      <Select<number>
        aria-label={t('timeRange.label')}
        value={value.index}
        onChange={choose}
        options={TIME_RANGE_INDEXES.map((index) => ({
          value: index,
          label: t(`timeRanges.${index}` as 'timeRanges.0'),
          'data-testid': `${testId}-${index}`,
        }))}
        style={{ minWidth: 150 }}
        popupMatchSelectWidth={false}
        data-testid={testId}
      />
      {custom && (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format={CUSTOM_RANGE_FORMAT}
          allowClear={false}
          value={picked}
          placeholder={[t('timeRange.start'), t('timeRange.end')]}
          disabledDate={(day) => isDayOutsideCustomRange(day, dayjs())}
          onChange={(range) => {
            const [from, to] = range ?? [null, null];
            if (from && to) onChange({ index: TIME_RANGE_CUSTOM_INDEX, from: from.valueOf(), to: to.valueOf() });
          }}
          data-testid={`${testId}-custom`}
        />
      )}
    </Space>
  );
}
