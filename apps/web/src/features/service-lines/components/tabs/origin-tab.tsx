import {
  DEFAULT_HTTP_PORT,
  DEFAULT_HTTPS_PORT,
  ORIGIN_SCHEMES,
  PORT_MAPPING_TYPES,
  PORT_MAX,
  PORT_MIN,
  type ServiceLine,
} from '@parapet/shared';
import { Col, Form, InputNumber, Radio, Row, Space, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { useRangeRule } from '@/lib/form-rules';
import { useOriginPolicyNames } from '../../api/list-origin-policy-names';
import { useLine } from '../setting/line-context';
import { newOriginRow, newPolicyRow, type TabFormSpec } from '../setting/line-form';
import { OnOff, ReadFields, TagList } from '../setting/read-view';
import { SettingTab, type EditContext } from '../setting/setting-tab';
import { OriginRows } from './origin-rows';
import { PolicyRows } from './policy-rows';

type OriginValues = Pick<
  ServiceLine,
  'useOriginPolicy' | 'origins' | 'usedOriginPolicies' | 'originscheme' | 'portMappingType' | 'originPort'
>;

/**
 * A line uses either its own origins (with scheme, mapping and port) or region → policy rows.
 * What the choice hides is sent as it was read. An empty list gets one blank row to fill.
 */
const spec: TabFormSpec<OriginValues> = {
  toForm: (line) => ({
    useOriginPolicy: line.useOriginPolicy,
    origins: line.origins.length ? structuredClone(line.origins) : [newOriginRow()],
    usedOriginPolicies: line.usedOriginPolicies.length ? structuredClone(line.usedOriginPolicies) : [newPolicyRow()],
    originscheme: line.originscheme,
    portMappingType: line.portMappingType,
    originPort: line.originPort,
  }),
  toChanges: (v, base) => {
    const own = !v.useOriginPolicy;
    return {
      useOriginPolicy: v.useOriginPolicy,
      origins: own ? v.origins.map((o) => ({ ...o, address: (o.address ?? '').trim() })) : base.origins,
      usedOriginPolicies: own ? base.usedOriginPolicies : v.usedOriginPolicies,
      originscheme: own ? v.originscheme : base.originscheme,
      portMappingType: own ? v.portMappingType : base.portMappingType,
      originPort: own && v.portMappingType === 'default' ? v.originPort : base.originPort,
    };
  },
};

/** Where the line's traffic goes: its origins, or an origin policy per region. */
export function OriginTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const regionLabel = useValueFormat().regionOption;
  const format = useValueFormat();
  const originTags = line.origins.map((o) => (
    <Tag key={o.address} color={o.enabled ? undefined : 'default'}>
      {[
        o.address,
        t('origin.weight', { weight: o.weight }),
        o.backup ? t('origin.backupTag') : '',
        o.enabled ? '' : t('origin.disabledTag'),
      ]
        .filter(Boolean)
        .join(' · ')}
    </Tag>
  ));
  const read = line.useOriginPolicy ? (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ReadFields items={[{ field: 'useOriginPolicy', value: <OnOff value /> }]} />
      <Table
        rowKey={(row) => row.regionName.join(',')}
        size="small"
        pagination={false}
        dataSource={line.usedOriginPolicies}
        columns={[
          {
            key: 'regions',
            title: t('fields.regionName'),
            render: (_, row) => <TagList values={row.regionName.map(regionLabel)} />,
          },
          { key: 'policy', title: t('fields.originPolicyName'), dataIndex: 'originPolicyName' },
        ]}
        data-testid="used-origin-policies"
      />
    </Space>
  ) : (
    <ReadFields
      items={[
        { field: 'useOriginPolicy', value: <OnOff value={false} /> },
        {
          field: 'origins',
          value: originTags.length ? (
            <Space size={[4, 4]} wrap>
              {originTags}
            </Space>
          ) : (
            <TagList values={[]} />
          ),
        },
        { field: 'originscheme', value: format.schemes([line.originscheme]) },
        { field: 'portMappingType', value: t(`portMapping.${line.portMappingType}`) },
        ...(line.portMappingType === 'default' ? [{ field: 'originPort' as const, value: line.originPort }] : []),
      ]}
    />
  );
  return <SettingTab tab="origin" read={read} spec={spec} fields={(context) => <OriginFields {...context} />} />;
}

function OriginFields(context: EditContext) {
  const { t } = useTranslation('serviceLines');
  const { form, rules, base } = context;
  const usePolicy = Form.useWatch('useOriginPolicy', form) as boolean | undefined;
  const mapping = Form.useWatch('portMappingType', form) as string | undefined;
  const policies = useOriginPolicyNames(base.groupName, usePolicy === true);
  const range = useRangeRule();

  return (
    <>
      <Form.Item name="useOriginPolicy" label={t('fields.useOriginPolicy')} valuePropName="checked">
        <Switch data-testid="field-useOriginPolicy" />
      </Form.Item>
      {usePolicy ? (
        <PolicyRows {...context} policies={policies.data ?? []} loading={policies.isFetching} />
      ) : (
        <>
          <OriginRows {...context} />
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="originscheme" label={t('fields.originscheme')} rules={rules('originscheme')}>
                <Radio.Group
                  optionType="button"
                  options={ORIGIN_SCHEMES.map((s) => ({ value: s, label: s.toUpperCase() }))}
                  // A scheme change resets the port to the scheme's own (GLOSSARY §12.4).
                  onChange={(e) =>
                    form.setFieldValue(
                      'originPort',
                      e.target.value === 'https' ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT,
                    )
                  }
                  data-testid="field-originscheme"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="portMappingType"
                label={t('fields.portMappingType')}
                extra={mapping === 'static' ? t('hints.static') : undefined}
                rules={rules('portMappingType')}
              >
                <Radio.Group
                  optionType="button"
                  options={PORT_MAPPING_TYPES.map((p) => ({ value: p, label: t(`portMapping.${p}`) }))}
                  data-testid="field-portMappingType"
                />
              </Form.Item>
            </Col>
            {mapping === 'static' ? null : (
              <Col xs={24} md={8}>
                {/* No min/max on the box: it would correct 70000 to 65534 unasked (see useRangeRule). */}
                <Form.Item
                  name="originPort"
                  label={t('fields.originPort')}
                  extra={t('hints.originPort')}
                  rules={[range({ min: PORT_MIN, max: PORT_MAX }), ...rules('originPort')]}
                  validateFirst
                >
                  <InputNumber
                    style={{ width: '100%' }}
                    aria-label={t('fields.originPort')}
                    data-testid="field-originPort"
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
        </>
      )}
    </>
  );
}
