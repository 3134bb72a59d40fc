import {
  HEALTH_CHECK_MODES,
  LOAD_BALANCER_METHODS,
  ORIGIN_SCHEMES,
  originPolicySettingsSchema,
  PORT_MAPPING_TYPES,
} from '@parapet/shared';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule, type NumberRange } from '@/lib/form-rules';

type NumberField = 'healthCheckInterval' | 'healthCheckTimeout' | 'healthCheckSuccess' | 'healthCheckFail';

/** A number field's range as the shared schema holds it, so the form and the server agree. */
const rangeOf = (field: NumberField): NumberRange => {
  const schema = originPolicySettingsSchema.shape[field].unwrap();
  return { min: schema.minValue ?? Number.MIN_SAFE_INTEGER, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
};

interface SettingsFieldsProps {
  rules: (name: string) => FormRule[];
  /** URI and expected codes show only for HTTP probes. */
  http: boolean;
}

/** Load balancing, the origin scheme and port mapping. */
export function BalancingFields({ rules }: Pick<SettingsFieldsProps, 'rules'>) {
  const { t } = useTranslation('originPolicies');
  return (
    <Row gutter={16}>
      <Col xs={24} md={14}>
        <Form.Item name="loadBalancerMethod" label={t('form.loadBalancerMethod')} rules={rules('loadBalancerMethod')}>
          <Radio.Group
            optionType="button"
            options={LOAD_BALANCER_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
            data-testid="origin-policy-lb-method"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="loadBalancerSticky" label={t('form.sticky')} valuePropName="checked">
          <Switch data-testid="origin-policy-sticky" />
        </Form.Item>
      </Col>
      <Col xs={24} md={14}>
        <Form.Item name="originscheme" label={t('form.originScheme')} rules={rules('originscheme')}>
          <Radio.Group
            optionType="button"
            options={ORIGIN_SCHEMES.map((s) => ({ value: s, label: t(`scheme.${s}`) }))}
            data-testid="origin-policy-scheme"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="portMappingType" label={t('form.portMappingType')} rules={rules('portMappingType')}>
          <Radio.Group
            optionType="button"
            options={PORT_MAPPING_TYPES.map((p) => ({ value: p, label: t(`portMapping.${p}`) }))}
            data-testid="origin-policy-port-mapping"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

// No min/max/precision on the boxes: antd would correct 0 or 1.5 on blur unasked; the range
// rule comes first instead and says the range (see useRangeRule).
const number = (name: NumberField, label: string, suffix: string, testId: string, rules: FormRule[]) => (
  <Col xs={12} md={6} key={name}>
    <Form.Item name={name} label={label} rules={rules} validateFirst>
      <InputNumber suffix={suffix || undefined} style={{ width: '100%' }} aria-label={label} data-testid={testId} />
    </Form.Item>
  </Col>
);

/** The health probe: mode, HTTP path and healthy codes, timing and thresholds. */
export function HealthCheckFields({ rules, http }: SettingsFieldsProps) {
  const { t } = useTranslation('originPolicies');
  const range = useRangeRule();
  const numberRules = (name: NumberField) => [range(rangeOf(name)), ...rules(name)];
  return (
    <>
      <Form.Item name="healthCheckMode" label={t('form.healthCheckMode')} rules={rules('healthCheckMode')}>
        <Radio.Group
          optionType="button"
          options={HEALTH_CHECK_MODES.map((m) => ({ value: m, label: t(`healthMode.${m}`) }))}
          data-testid="origin-policy-hc-mode"
        />
      </Form.Item>
      {http ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="healthCheckUri" label={t('form.healthCheckUri')} rules={rules('healthCheckUri')}>
              <Input placeholder="/" autoComplete="off" data-testid="origin-policy-hc-uri" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="healthCheckHttpCode"
              label={t('form.healthCheckHttpCode')}
              extra={t('form.healthCheckHttpCodeHint')}
              rules={rules('healthCheckHttpCode')}
            >
              <Select
                mode="tags"
                open={false}
                tokenSeparators={[',', ' ']}
                suffixIcon={null}
                data-testid="origin-policy-hc-codes"
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Row gutter={16}>
        {number(
          'healthCheckInterval',
          t('form.healthCheckInterval'),
          t('form.seconds'),
          'origin-policy-hc-interval',
          numberRules('healthCheckInterval'),
        )}
        {number(
          'healthCheckTimeout',
          t('form.healthCheckTimeout'),
          t('form.milliseconds'),
          'origin-policy-hc-timeout',
          numberRules('healthCheckTimeout'),
        )}
        {number(
          'healthCheckSuccess',
          t('form.healthCheckSuccess'),
          '',
          'origin-policy-hc-success',
          numberRules('healthCheckSuccess'),
        )}
        {number(
          'healthCheckFail',
          t('form.healthCheckFail'),
          '',
          'origin-policy-hc-fail',
          numberRules('healthCheckFail'),
        )}
      </Row>
    </>
  );
}
