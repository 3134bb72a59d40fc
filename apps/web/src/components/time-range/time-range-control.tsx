import { TIME_RANGE_CUSTOM_INDEX, eventsKeptFrom, resolveDateRange } from '@parapet/shared';
import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_RANGE_FORMAT,
  CUSTOM_RANGE_TYPED_FORMATS,
  TIME_RANGE_INDEXES,
  customRangeFormat,
  customRangeProblem,
  isDayBeforeRetention,
  isDayOutsideCustomRange,
  type RangeProblem,
  type TimeRangeValue,
} from './time-range';

dayjs.extend(customParseFormat);

interface TimeRangeControlProps {
  value: TimeRangeValue;
  onChange: (next: TimeRangeValue) => void;
  /** Prefix of the test ids: `<testId>` on the select, `<testId>-custom` on the picker. */
  testId?: string;
  /**
   * How many days the group's plan keeps events (`logRetentionDays`); unknown while no group is
   * chosen. Days wholly before it are not offered, and a range reaching back past it says so.
   */
  keptDays?: number | undefined;
}

/**
 * Why a custom range was not applied: a code the server would answer, text that is no date, or
 * a day older than anything the group's plan keeps.
 */
type Problem = RangeProblem | 'invalid_date' | 'before_retention';

/** The start of the range in use at `now`; undefined for a custom range missing an end. */
function startOf(value: TimeRangeValue, now: number): number | undefined {
  if (value.index === TIME_RANGE_CUSTOM_INDEX && (value.from === undefined || value.to === undefined)) return undefined;
  return resolveDateRange(value, now).from;
}

/**
 * The time range of the event log and the dashboard: the six presets and Custom, which shows a
 * range picker bounded to the days the server takes and the group's plan keeps events for (a
 * day wholly older shows nothing, so it is neither offered nor taken when typed; a range kept
 * from before that reaches past it says so). A range is passed on only with both ends,
 * and only when the shared rule the server validates with (`dateRangeIssues`) takes it: a range
 * it would refuse, or a typed text that is no date, is said beside the picker and the range in
 * use stays. The picker does not swap a start typed after the end, which would run a range
 * nobody chose.
 */
export function TimeRangeControl({ value, onChange, testId = 'time-range', keptDays }: TimeRangeControlProps) {
  const { t } = useTranslation(['events', 'fieldErrors']);
  const [problem, setProblem] = useState<Problem>();
  // A new key redraws the picker from the range in use after a refusal, dropping what it refused.
  const [refusals, setRefusals] = useState(0);
  const custom = value.index === TIME_RANGE_CUSTOM_INDEX;
  // The oldest kept instant moves by days; the time the control was drawn first is near enough
  // for the notice, and the picker and a typed day ask at their own moment.
  const [shownAt] = useState(() => Date.now());
  const keptFromAt = (now: number) => (keptDays === undefined ? undefined : eventsKeptFrom(keptDays, now));
  // A range kept from before (a custom range saved under a longer plan) may still reach back past it.
  const start = startOf(value, shownAt);
  const keptFrom = keptFromAt(shownAt);
  const reachesPastRetention = keptFrom !== undefined && start !== undefined && start < keptFrom;
  const outside = (day: Dayjs) =>
    isDayOutsideCustomRange(day, dayjs()) || isDayBeforeRetention(day, keptFromAt(dayjs().valueOf()));
  // The same pair while the range stays: a render for anything else (the address catching up
  // with a choice, a slow answer arriving) handed the picker a new pair, and it put the range
  // back over what the user was typing (seen in Chromium with the server slow to answer).
  const { from, to } = value;
  const picked = useMemo<[Dayjs, Dayjs] | null>(
    () => (custom && from !== undefined && to !== undefined ? [dayjs(from), dayjs(to)] : null),
    [custom, from, to],
  );
  const format = customRangeFormat(value);
  // Typing is read in any of the forms (the one shown first): with or without seconds, and with
  // the month as one digit or two, since dayjs reads "09" strictly as no `M`.
  // The same list while the format stays, so a render does not hand the picker a new one.
  const formats = useMemo(() => [format, ...CUSTOM_RANGE_TYPED_FORMATS.filter((f) => f !== format)], [format]);

  const apply = (next: TimeRangeValue) => {
    setProblem(undefined);
    onChange(next);
  };
  const refuse = (why: Problem) => {
    setProblem(why);
    setRefusals((n) => n + 1);
  };

  const choose = (index: number) => {
    if (index !== TIME_RANGE_CUSTOM_INDEX) {
      apply({ index });
      return;
    }
    // Custom starts as the span the preset in use covers now, so it is valid from the first moment.
    apply({ index, ...resolveDateRange(value, dayjs().startOf('minute').valueOf()) });
  };

  const pick = (from: number, to: number) => {
    const why = customRangeProblem(from, to, Date.now());
    if (why) refuse(why);
    else apply({ index: TIME_RANGE_CUSTOM_INDEX, from, to });
  };

  // The picker marks a typed text it cannot take and quietly puts the old one back on blur;
  // this says why: not a date in the format, or a day outside the range the server takes; the
  // picker is drawn again from the range in use, as after a refused range. What was said stays
  // until a range is applied: changing the picker's state while the user typed the other end
  // made it drop the start just typed (seen in Chromium).
  const checkTyped = (input: HTMLInputElement, end: 0 | 1) => {
    const text = input.value.trim();
    if (text === '' || text === picked?.[end].format(format)) return;
    const day = dayjs(text, formats, true);
    if (!day.isValid()) refuse('invalid_date');
    else if (isDayOutsideCustomRange(day, dayjs()))
      refuse(day.isBefore(dayjs()) ? 'range_too_early' : 'range_too_late');
    else if (isDayBeforeRetention(day, keptFromAt(Date.now()))) refuse('before_retention');
  };
  const endOf = (target: EventTarget, root: Element): 0 | 1 | undefined => {
    if (!(target instanceof HTMLInputElement)) return undefined;
    const at = [...root.querySelectorAll('input')].indexOf(target);
    return at === 0 || at === 1 ? at : undefined;
  };
  const onTypedBlur = (event: FocusEvent<HTMLElement>) => {
    const end = endOf(event.target, event.currentTarget);
    if (end !== undefined) checkTyped(event.target as HTMLInputElement, end);
  };
  const onTypedKey = (event: KeyboardEvent<HTMLElement>) => {
    const end = event.key === 'Enter' ? endOf(event.target, event.currentTarget) : undefined;
    if (end !== undefined) checkTyped(event.target as HTMLInputElement, end);
  };

  const message =
    problem === undefined
      ? undefined
      : problem === 'invalid_date'
        ? t('events:timeRange.invalidDate', { example: dayjs().startOf('minute').format(format) })
        : problem === 'before_retention'
          ? t('events:timeRange.beforeRetention', { count: keptDays })
          : t(`fieldErrors:${problem}`);

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
        <span onBlur={onTypedBlur} onKeyDown={onTypedKey}>
          <DatePicker.RangePicker
            key={refusals}
            showTime={{ format: format === CUSTOM_RANGE_FORMAT ? 'HH:mm' : 'HH:mm:ss' }}
            format={formats}
            order={false}
            allowClear={false}
            value={picked}
            status={message === undefined ? undefined : 'error'}
            placeholder={[t('timeRange.start'), t('timeRange.end')]}
            disabledDate={outside}
            onChange={(range) => {
              const [from, to] = range ?? [null, null];
              if (from && to) pick(from.valueOf(), to.valueOf());
            }}
            data-testid={`${testId}-custom`}
          />
        </span>
      )}
      {custom && message !== undefined ? (
        <Typography.Text type="danger" role="alert" data-testid={`${testId}-problem`}>
          {message}
        </Typography.Text>
      ) : null}
      {reachesPastRetention ? (
        <Typography.Text type="warning" data-testid={`${testId}-retention`}>
          {t('events:timeRange.retentionNotice', { count: keptDays })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
