import {
  EVENT_FILTER_NUMBER_MAX,
  EVENT_FILTER_NUMBER_MIN,
  EVENT_FILTER_OPS,
  eventFilterSchema,
  isNumericFilterField,
  sameFilter,
  type EventFilter,
  type EventFilterField,
  type EventFilterOp,
} from '@parapet/shared';
import { Alert, AutoComplete, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format-units';
import { useFilterValues, type FilterValuesScope } from './filter-values';
import { useEventValueLabel } from './value-labels';

export interface FilterEditorProps {
  /** The filter being edited; undefined adds a new one. */
  initial: EventFilter | undefined;
  /** The other filters of the bar: saving one equal to them is refused as a duplicate. */
  others: readonly EventFilter[];
  fields: readonly EventFilterField[];
  suggestionScope: FilterValuesScope | undefined;
  onSave: (filter: EventFilter) => void;
  onCancel: () => void;
}

const needsValue = (op: EventFilterOp) => op !== 'exists' && op !== 'not_exists';
type Problem = 'duplicate' | 'value' | 'range' | 'whole';
/** The unit a numeric field's value is typed in (the store keeps times in seconds, sizes in bytes). */
const UNIT_KEYS: Partial<Record<EventFilterField, 'events:log.secondsUnit' | 'events:log.bytesUnit'>> = {
  request_time: 'events:log.secondsUnit',
  upstream_response_time: 'events:log.secondsUnit',
  bytes_sent: 'events:log.bytesUnit',
};
const opsFor = (field: EventFilterField) =>
  EVENT_FILTER_OPS.filter((op) => isNumericFilterField(field) || (op !== 'gt' && op !== 'lt'));

/** "Add Filter" / "Edit Filter": key, operator and value, with the field's frequent values offered. */
export function FilterEditor({ initial, others, fields, suggestionScope, onSave, onCancel }: FilterEditorProps) {
  const { t, i18n } = useTranslation(['eventFilters', 'events', 'fieldErrors']);
  const valueLabel = useEventValueLabel();
  const [field, setField] = useState<EventFilterField>(initial?.field ?? fields[0] ?? 'server_name');
  const [op, setOp] = useState<EventFilterOp>(initial?.op ?? 'is');
  const [value, setValue] = useState<string | number | undefined>(initial?.value);
  const [problem, setProblem] = useState<Problem | undefined>();
  const numeric = isNumericFilterField(field);
  const suggestions = useFilterValues(suggestionScope, numeric ? undefined : field);

  const chooseField = (next: EventFilterField) => {
    setField(next);
    setValue(undefined);
    setProblem(undefined);
    if (!opsFor(next).includes(op)) setOp('is');
  };

  const save = () => {
    const candidate = { field, op, ...(needsValue(op) && value !== undefined && value !== '' ? { value } : {}) };
    const parsed = eventFilterSchema.safeParse(candidate);
    if (!parsed.success) {
      const codes = parsed.error.issues.map((issue) => issue.message);
      if (codes.includes('too_small') || codes.includes('too_big')) return setProblem('range');
      return setProblem(codes.includes('not_whole_number') ? 'whole' : 'value');
    }
    if (others.some((other) => sameFilter(other, parsed.data))) return setProblem('duplicate');
    onSave(parsed.data);
  };

  return (
    <Modal
      open
      title={t(initial ? 'eventFilters:edit' : 'eventFilters:add')}
      okText={t('eventFilters:save')}
      cancelText={t('eventFilters:cancel')}
      onOk={save}
      onCancel={onCancel}
      okButtonProps={{ ...({ 'data-testid': 'event-filter-save' } as object) }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('eventFilters:field')}>
          <Select<EventFilterField>
            showSearch={{ optionFilterProp: 'label' }}
            value={field}
            onChange={chooseField}
            options={fields.map((f) => ({
              value: f,
              label: t(`events:fields.${f}`),
              'data-testid': `event-filter-field-${f}`,
            }))}
            data-testid="event-filter-field"
          />
        </Form.Item>
        <Form.Item label={t('eventFilters:operator')}>
          <Select<EventFilterOp>
            value={op}
            onChange={(next) => {
              setOp(next);
              setProblem(undefined);
            }}
            options={opsFor(field).map((o) => ({
              value: o,
              label: t(`events:ops.${o}`),
              'data-testid': `event-filter-op-${o}`,
            }))}
            data-testid="event-filter-op"
          />
        </Form.Item>
        {needsValue(op) && (
          <Form.Item
            label={t('eventFilters:value')}
            validateStatus={problem && problem !== 'duplicate' ? 'error' : undefined}
            help={
              problem === 'whole'
                ? t('fieldErrors:not_whole_number')
                : problem === 'range'
                  ? t('fieldErrors:number_range', {
                      min: formatCount(EVENT_FILTER_NUMBER_MIN, i18n.language),
                      max: formatCount(EVENT_FILTER_NUMBER_MAX, i18n.language),
                    })
                  : problem === 'value'
                    ? t(numeric ? 'eventFilters:needNumber' : 'eventFilters:needValue')
                    : undefined
            }
          >
            {numeric ? (
              // No min or max on the box: antd would quietly replace what was typed (form-rules.ts).
              <InputNumber<number>
                value={typeof value === 'number' ? value : null}
                onChange={(next) => {
                  setValue(next ?? undefined);
                  setProblem(undefined);
                }}
                suffix={UNIT_KEYS[field] ? t(UNIT_KEYS[field]) : undefined}
                style={{ width: '100%' }}
                data-testid="event-filter-value"
              />
            ) : (
              <AutoComplete
                value={value === undefined ? '' : String(value)}
                onChange={(next: string) => {
                  setValue(next);
                  setProblem(undefined);
                }}
                options={(suggestions.data?.values ?? []).map((v) => ({
                  value: v.value,
                  label: valueLabel(field, v.value),
                }))}
                showSearch={{ filterOption: (input, option) => matches(input, option) }}
                placeholder={t('eventFilters:valuePlaceholder')}
                data-testid="event-filter-value"
              />
            )}
          </Form.Item>
        )}
        {problem === 'duplicate' && (
          <Alert type="error" showIcon title={t('eventFilters:duplicate')} data-testid="event-filter-duplicate" />
        )}
      </Form>
    </Modal>
  );
}

function matches(input: string, option: { value?: unknown; label?: unknown } | undefined): boolean {
  const needle = input.toLowerCase();
  return [option?.value, option?.label].some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
}
