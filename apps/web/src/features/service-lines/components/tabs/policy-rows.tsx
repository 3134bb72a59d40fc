import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { newPolicyRow } from '../setting/line-form';
import { useValueFormat } from '@/lib/format-values';
import { REGION_CODES } from '@/lib/regions';
import type { EditContext } from '../setting/setting-tab';

interface RegionSelectProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Regions other rows already use: picking one is refused with "Region exists". */
  taken: string[];
  onTaken: () => void;
  id?: string;
  testId: string;
}

/** A row's regions: `default` and the ISO countries, each usable once per line (GLOSSARY §3.2). */
function RegionSelect({ value = [], onChange, taken, onTaken, id, testId }: RegionSelectProps) {
  const { t } = useTranslation('serviceLines');
  const label = useValueFormat().regionOption;
  const options = useMemo(() => REGION_CODES.map((code) => ({ value: code, label: label(code) })), [label]);
  const change = (next: string[]) => {
    if (next.some((region) => !value.includes(region) && taken.includes(region))) onTaken();
    else onChange?.(next);
  };
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={change}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('origin.regionPlaceholder')}
      aria-label={t('fields.regionName')}
      style={{ width: 360 }}
      data-testid={testId}
    />
  );
}

interface PolicyRowsProps extends Pick<EditContext, 'form' | 'rules' | 'listRules'> {
  policies: string[];
  loading: boolean;
}

/** Region → origin-policy rows of a line that uses policies (`usedOriginPolicies`). */
export function PolicyRows({ form, rules, listRules, policies, loading }: PolicyRowsProps) {
  const { t } = useTranslation(['serviceLines', 'fieldErrors']);
  const rows = (Form.useWatch('usedOriginPolicies', form) as { regionName?: string[] }[] | undefined) ?? [];
  const takenBesides = (index: number) => rows.flatMap((row, i) => (i === index ? [] : (row?.regionName ?? [])));
  const policyOptions = policies.map((name) => ({ value: name, label: name }));
  return (
    <Form.Item label={t('fields.usedOriginPolicies')} extra={t('origin.policyHint')} required>
      <Form.List name="usedOriginPolicies" rules={listRules('usedOriginPolicies')}>
        {(fields, { add, remove }, { errors }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map(({ key, name }) => (
              <Space key={key} align="start" wrap data-testid={`policy-row-${name}`}>
                <Form.Item
                  name={[name, 'regionName']}
                  rules={rules(`usedOriginPolicies.${name}.regionName`)}
                  style={{ marginBottom: 0 }}
                >
                  <RegionSelect
                    taken={takenBesides(name)}
                    onTaken={() =>
                      form.setFields([
                        { name: ['usedOriginPolicies', name, 'regionName'], errors: [t('fieldErrors:region_exists')] },
                      ])
                    }
                    testId={`field-usedOriginPolicies-${name}-regionName`}
                  />
                </Form.Item>
                <Form.Item
                  name={[name, 'originPolicyName']}
                  // A new row's empty name shows the placeholder.
                  getValueProps={(policy: string | undefined) => ({ value: policy || undefined })}
                  rules={rules(`usedOriginPolicies.${name}.originPolicyName`)}
                  style={{ marginBottom: 0 }}
                >
                  <Select
                    showSearch
                    options={policyOptions}
                    loading={loading}
                    placeholder={t('origin.policyPlaceholder')}
                    aria-label={t('fields.originPolicyName')}
                    style={{ width: 240 }}
                    data-testid={`field-usedOriginPolicies-${name}-originPolicyName`}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(name)}
                  aria-label={t('origin.removeRow', { n: name + 1 })}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(newPolicyRow())}
              data-testid="field-usedOriginPolicies-add"
            >
              {t('origin.addPolicy')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
