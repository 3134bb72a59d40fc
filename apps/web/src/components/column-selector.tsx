import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored, type StoredData } from '@/lib/stored-data';

export type ColumnTable = keyof StoredData['userSelectedColumns'];

/**
 * The visible columns of a table, kept in the stored data `userSelectedColumns.<table>` so the
 * choice survives a reload. Unknown stored keys are dropped; nothing stored means `defaults`
 * (every column unless the table shows fewer at first).
 */
export function useSelectedColumns(
  table: ColumnTable,
  all: readonly string[],
  defaults: readonly string[] = all,
): [string[], (keys: string[]) => void] {
  const [selected, setSelected] = useState<string[]>(() => {
    const stored = readStored('userSelectedColumns')?.[table];
    return all.filter((k) => (Array.isArray(stored) ? stored : defaults).includes(k));
  });
  const choose = useCallback(
    (keys: string[]) => {
      const ordered = all.filter((k) => keys.includes(k));
      setSelected(ordered);
      writeStored('userSelectedColumns', { ...readStored('userSelectedColumns'), [table]: ordered });
    },
    [all, table],
  );
  return [selected, choose];
}

export interface ColumnSelectorProps {
  /** Column key → translated title, in table order. */
  options: { key: string; label: string }[];
  value: string[];
  onChange: (keys: string[]) => void;
}

/** A button opening a checkbox per optional column; each box is `column-selector-<key>`. */
export function ColumnSelector({ options, value, onChange }: ColumnSelectorProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Checkbox.Group
          value={value}
          onChange={(keys) => onChange(keys.map(String))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        >
          {options.map((o) => (
            <Checkbox key={o.key} value={o.key} data-testid={`column-selector-${o.key}`}>
              {o.label}
            </Checkbox>
          ))}
        </Checkbox.Group>
      }
    >
      <Button icon={<SettingOutlined />} data-testid="column-selector">
        {t('table.columns')}
      </Button>
    </Popover>
  );
}

/**
 * useSelectedColumns with the selector's options, each titled by `label`: spread it into
 * <ColumnSelector>; its `value` is the columns the table shows (`defaults` until one chooses).
 */
export function useColumnSelector<K extends string>(
  table: ColumnTable,
  all: readonly K[],
  label: (key: K) => string,
  defaults?: readonly K[],
): ColumnSelectorProps {
  const [value, onChange] = useSelectedColumns(table, all, defaults);
  return { options: all.map((key) => ({ key, label: label(key) })), value, onChange };
}
