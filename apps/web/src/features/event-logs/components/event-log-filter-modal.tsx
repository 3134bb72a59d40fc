import {
  EVENT_ACTION_VALUES,
  EVENT_FILTER_NUMBER_MAX,
  EVENT_FILTER_NUMBER_MIN,
  type EventActionValue,
  type EventFilter,
  type EventNumericFilterField,
} from '@parapet/shared';
import { Button, Form, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventValueLabel } from '@/components/event-filters/value-labels';
import { useRangeRule } from '@/lib/form-rules';

/** The timing fields the modal bounds with greater than / less than (GLOSSARY §7), in seconds. */
const TIMING_FIELDS = ['request_time', 'upstream_response_time'] as const satisfies readonly EventNumericFilterField[];
type TimingField = (typeof TIMING_FIELDS)[number];
const BOUNDS = ['gt', 'lt'] as const;
type Bound = (typeof BOUNDS)[number];

type TimingValues = Partial<Record<`${TimingField}_${Bound}`, number | null>>;
interface FilterModalValues extends TimingValues {
  actions: EventActionValue[];
}

const isTiming = (filter: EventFilter) =>
  (TIMING_FIELDS as readonly string[]).includes(filter.field) && (filter.op === 'gt' || filter.op === 'lt');

function valuesOf(filters: readonly EventFilter[], actions: readonly EventActionValue[]): FilterModalValues {
  const values: FilterModalValues = { actions: [...actions] };
  for (const filter of filters)
    if (isTiming(filter) && typeof filter.value === 'number')
      values[`${filter.field as TimingField}_${filter.op as Bound}`] = filter.value;
  return values;
}

function timingFiltersOf(values: FilterModalValues): EventFilter[] {
  return TIMING_FIELDS.flatMap((field) =>
    BOUNDS.flatMap((op) => {
      const value = values[`${field}_${op}`];
      return typeof value === 'number' ? [{ field, op, value }] : [];
    }),
  );
}

interface EventLogFilterModalProps {
  open: boolean;
  filters: readonly EventFilter[];
  actions: readonly EventActionValue[];
  /** The filters with the modal's timing bounds in place of the old ones, and the chosen actions. */
  onApply: (filters: EventFilter[], actions: EventActionValue[]) => void;
  onClose: () => void;
}

/**
 * The log's filter modal: Action as a multi-select of codes by name, and greater than / less than
 * on the request and origin times. Clear empties the form; Search applies it. The other fields
 * are filtered from the chip bar's Add Filter, which offers every field.
 */
export function EventLogFilterModal({ open, filters, actions, onApply, onClose }: EventLogFilterModalProps) {
  const { t } = useTranslation(['events', 'eventFilters']);
  const valueLabel = useEventValueLabel();
  const [form] = Form.useForm<FilterModalValues>();
  // The box has no min or max: antd would quietly turn -5 into 0 (useRangeRule). It says the range.
  const inRange = useRangeRule()({ min: EVENT_FILTER_NUMBER_MIN, max: EVENT_FILTER_NUMBER_MAX, fractions: true });

  useEffect(() => {
    if (open) form.setFieldsValue({ ...emptyValues(), ...valuesOf(filters, actions) });
  }, [open, filters, actions, form]);

  const apply = (values: FilterModalValues) => {
    onApply([...filters.filter((filter) => !isTiming(filter)), ...timingFiltersOf(values)], values.actions);
  };

  return (
    <Modal
      open={open}
      title={t('events:log.filtersTitle')}
      onCancel={onClose}
      destroyOnHidden={false}
      forceRender
      footer={
        <Space>
          <Button onClick={() => form.setFieldsValue(emptyValues())} data-testid="event-log-filters-clear">
            {t('events:log.clear')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} data-testid="event-log-filters-apply">
            {t('events:log.apply')}
          </Button>
        </Space>
      }
    >
      <Form<FilterModalValues> form={form} layout="vertical" onFinish={apply}>
        <Form.Item name="actions" label={t('events:fields.action')}>
          <Select<EventActionValue[]>
            mode="multiple"
            allowClear
            placeholder={t('events:log.anyValue')}
            options={EVENT_ACTION_VALUES.map((code) => ({
              value: code,
              label: code === '' ? t('events:values.none') : `${code} · ${valueLabel('action', code)}`,
              'data-testid': `event-log-filter-action-${code || 'none'}`,
            }))}
            optionFilterProp="label"
            data-testid="event-log-filter-actions"
          />
        </Form.Item>
        {TIMING_FIELDS.map((field) => (
          <Form.Item key={field} label={t(`events:fields.${field}`)} style={{ marginBottom: 8 }}>
            <Space wrap>
              {BOUNDS.map((op) => (
                <Form.Item key={op} name={`${field}_${op}`} rules={[inRange]} noStyle>
                  <InputNumber<number>
                    step={0.1}
                    placeholder={t(`events:ops.${op}`)}
                    aria-label={`${t(`events:fields.${field}`)} ${t(`events:ops.${op}`)}`}
                    suffix={t('events:log.secondsUnit')}
                    style={{ width: 180 }}
                    data-testid={`event-log-filter-${field}-${op}`}
                  />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

function emptyValues(): FilterModalValues {
  const values: FilterModalValues = { actions: [] };
  for (const field of TIMING_FIELDS) for (const op of BOUNDS) values[`${field}_${op}`] = null;
  return values;
}
