import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { EVENT_FILTER_FIELDS, type EventFilter, type EventFilterField } from '@parapet/shared';
import { Button, Space, Tag } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterEditor } from './filter-editor';
import type { FilterValuesScope } from './filter-values';
import { useFilterChipText } from './value-labels';

export interface EventFilterBarProps {
  filters: readonly EventFilter[];
  onChange: (filters: EventFilter[]) => void;
  /** The fields the editor offers; every filterable field by default. */
  fields?: readonly EventFilterField[];
  /** The group and range the editor's value suggestions come from; none without it. */
  suggestionScope?: FilterValuesScope;
  /** The most filters the bar holds; Add is disabled at it. */
  max?: number;
}

/** The chip's text as a button that looks like the rest of the chip. */
const CHIP_TEXT: CSSProperties = {
  background: 'none',
  border: 0,
  padding: 0,
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
};

/** Which chip the editor is open for: a new one, or the index of the one being edited. */
type Editing = { kind: 'add' } | { kind: 'edit'; index: number } | undefined;

/**
 * Active event filters as chips (GLOSSARY §8.3): "Label: value" with NOT / EXIST / NOT EXIST for
 * the other operators. A chip is edited by clicking it (or Enter on its text) and removed by its
 * cross; Add opens the same editor. A filter equal to another is refused as a duplicate. The
 * dashboard and the event log both use it.
 */
export function EventFilterBar({
  filters,
  onChange,
  fields = EVENT_FILTER_FIELDS,
  suggestionScope,
  max,
}: EventFilterBarProps) {
  const { t } = useTranslation('eventFilters');
  const chipText = useFilterChipText();
  const [editing, setEditing] = useState<Editing>();
  const full = max !== undefined && filters.length >= max;

  const save = (filter: EventFilter) => {
    if (editing?.kind === 'edit') onChange(filters.map((f, i) => (i === editing.index ? filter : f)));
    else onChange([...filters, filter]);
    setEditing(undefined);
  };

  return (
    <Space wrap size={[4, 8]} data-testid="event-filter-bar">
      {filters.map((filter, index) => {
        const text = chipText(filter);
        return (
          <Tag
            key={`${filter.field}:${filter.op}:${String(filter.value)}`}
            color={filter.op === 'is_not' || filter.op === 'not_exists' ? 'red' : 'blue'}
            closable
            closeIcon={
              <CloseOutlined aria-label={t('remove', { name: text })} data-testid={`event-filter-remove-${index}`} />
            }
            onClose={(event) => {
              // Removing is not editing: the click stops before the chip's own.
              event.preventDefault();
              event.stopPropagation();
              onChange(filters.filter((_, i) => i !== index));
            }}
            style={{ cursor: 'pointer' }}
            onClick={() => setEditing({ kind: 'edit', index })}
            title={t('editHint')}
            data-testid={`event-filter-chip-${index}`}
          >
            {/* A button, so Tab reaches the chip and Enter or Space opens its editor: its click
                reaches the chip's own handler. The cross beside it is Ant Design's own button. */}
            <button type="button" style={CHIP_TEXT}>
              {text}
            </button>
          </Tag>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={full}
        title={full ? t('full', { max }) : undefined}
        onClick={() => setEditing({ kind: 'add' })}
        data-testid="event-filter-add"
      >
        {t('add')}
      </Button>
      {editing && (
        <FilterEditor
          initial={editing.kind === 'edit' ? filters[editing.index] : undefined}
          others={editing.kind === 'edit' ? filters.filter((_, i) => i !== editing.index) : filters}
          fields={fields}
          suggestionScope={suggestionScope}
          onSave={save}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </Space>
  );
}
