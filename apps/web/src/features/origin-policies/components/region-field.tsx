import { CloseOutlined } from '@ant-design/icons';
import { DEFAULT_REGION } from '@parapet/shared';
import { Select, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { COUNTRY_CODES } from '@/lib/regions';

interface RegionFieldProps {
  /** From Form.Item. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** A region picked that the list already holds: the form shows "Region exists". */
  onDuplicate: (label: string) => void;
  id?: string;
}

/**
 * The policy's regions as removable tags, and a searchable picker that adds one. Every region
 * stays offered, so picking one twice is answered with "Region exists" instead of silently
 * toggling it off as a multi-select would.
 */
export function RegionField({ value = [], onChange, onDuplicate, id }: RegionFieldProps) {
  const { t } = useTranslation('originPolicies');
  const label = useValueFormat().regionOption;
  const options = useMemo(
    () =>
      [DEFAULT_REGION, ...COUNTRY_CODES].map((code) => ({
        value: code,
        label: label(code),
        'data-testid': `region-option-${code}`,
      })),
    [label],
  );

  const add = (code: string) => {
    if (value.includes(code)) onDuplicate(label(code));
    else onChange?.([...value, code]);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.length ? (
        <Space wrap size={[4, 4]}>
          {value.map((code) => (
            <Tag
              key={code}
              closable
              closeIcon={<CloseOutlined aria-label={t('form.removeRegion', { region: code })} />}
              onClose={(e) => {
                e.preventDefault();
                onChange?.(value.filter((r) => r !== code));
              }}
              data-testid={`origin-policy-region-${code}`}
            >
              {label(code)}
            </Tag>
          ))}
        </Space>
      ) : null}
      <Select<string>
        id={id}
        value={null}
        placeholder={t('form.addRegion')}
        aria-label={t('form.addRegion')}
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        onSelect={add}
        style={{ width: 320 }}
        data-testid="origin-policy-region-add"
      />
    </Space>
  );
}
