import { ENTITY_STATUSES, type EntityStatus, type GroupListQuery, type ItemListQuery } from '@parapet/shared';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The filters every item list offers beyond the search: the query params of itemListQuerySchema. */
export type ItemFilters = Omit<ItemListQuery, keyof GroupListQuery>;

type PickedRange = [Dayjs | null, Dayjs | null] | null;

/**
 * The created-date filter of a picked range: from the start of its first day to the end of its
 * last day, in the browser's time zone, as the inclusive epoch ms the server compares with.
 */
export function createdRangeOf(range: PickedRange): Pick<ItemFilters, 'createdFrom' | 'createdTo'> {
  const [from, to] = range ?? [null, null];
  return {
    createdFrom: from ? from.startOf('day').valueOf() : undefined,
    createdTo: to ? to.endOf('day').valueOf() : undefined,
  };
}

function pickedRangeOf({ createdFrom, createdTo }: ItemFilters): PickedRange {
  if (createdFrom === undefined && createdTo === undefined) return null;
  return [createdFrom === undefined ? null : dayjs(createdFrom), createdTo === undefined ? null : dayjs(createdTo)];
}

interface FilterSelectProps<V extends string> {
  /** Also the placeholder: the select shows what it filters until a value is chosen. */
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  /** On the select; each option is `<testId>-<value>`. */
  testId: string;
}

/** A clearable one-of filter; what the features put in the bar's `extra` slot as well. */
export function FilterSelect<V extends string>({ label, value, options, onChange, testId }: FilterSelectProps<V>) {
  return (
    <Select<V>
      allowClear
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={options.map((o) => ({ ...o, 'data-testid': `${testId}-${o.value}` }))}
      style={{ minWidth: 160 }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}

interface ListFiltersProps<F extends ItemFilters> {
  value: F;
  /** Every change, Reset included; the page goes back to page 1 on it. */
  onChange: (next: Partial<F>) => void;
  /** The feature's own filters, shown before Reset; they report through the same onChange. */
  extra?: ReactNode;
}

/**
 * The filter row of an item list: status, creator (sent on Enter, on leaving the field or on
 * clearing it, not on every key) and creation dates, the feature's extra filters, and Reset.
 */
export function ListFilters<F extends ItemFilters>({ value, onChange, extra }: ListFiltersProps<F>) {
  const { t } = useTranslation();
  const [createdBy, setCreatedBy] = useState(value.createdBy ?? '');
  const commitCreatedBy = (text: string) => {
    const next = text.trim() || undefined;
    if (next !== value.createdBy) onChange({ ...value, createdBy: next });
  };
  const reset = () => {
    setCreatedBy('');
    onChange({});
  };

  return (
    <Space wrap>
      <FilterSelect<EntityStatus>
        label={t('filters.status')}
        value={value.status}
        options={ENTITY_STATUSES.map((s) => ({ value: s, label: t(`filters.statuses.${s}`) }))}
        onChange={(status) => onChange({ ...value, status })}
        testId="filter-status"
      />
      <Input
        allowClear
        placeholder={t('filters.createdBy')}
        aria-label={t('filters.createdBy')}
        value={createdBy}
        onChange={(e) => {
          setCreatedBy(e.target.value);
          // The clear icon empties the field without a key or a blur: apply it at once.
          if (e.type !== 'change' && e.target.value === '') commitCreatedBy('');
        }}
        onPressEnter={() => commitCreatedBy(createdBy)}
        onBlur={() => commitCreatedBy(createdBy)}
        style={{ width: 160 }}
        data-testid="filter-created-by"
      />
      {/* The picker copies its own props onto both of its inputs: name the pair from outside. */}
      <span role="group" aria-label={t('filters.createdRange')} data-testid="filter-created-range">
        <DatePicker.RangePicker
          placeholder={[t('filters.createdFrom'), t('filters.createdTo')]}
          value={pickedRangeOf(value)}
          onChange={(range) => onChange({ ...value, ...createdRangeOf(range) })}
        />
      </span>
      {extra}
      <Button onClick={reset} data-testid="filter-reset">
        {t('filters.reset')}
      </Button>
    </Space>
  );
}
