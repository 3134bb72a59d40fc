import { WAF_HTTP_METHODS, WAF_OWASP_CATEGORIES, WAF_PROXY_TYPES } from '@parapet/shared';
import { Checkbox, Col, Divider, Form, Input, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { COUNTRY_CODES } from '@/lib/regions';
import { LineListField } from './line-list-field';

interface ConditionFieldsProps {
  rules: (field: string) => FormRule[];
  /** The "Source Country" switch: the country condition's fields show while it is on. */
  countryOn: boolean;
}

/** Condition – Identity: who sends the request (GLOSSARY §5.2). */
export function IdentityFields({ rules, countryOn }: ConditionFieldsProps) {
  const { t } = useTranslation('wafRules');
  const { regionOption } = useValueFormat();
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('form.sections.identity')}
      </Divider>
      <LineListField
        name="wafIp"
        label={t('fields.wafIp')}
        extra={t('form.ipHint')}
        placeholder={'203.0.113.0/24\n2001:db8::/32'}
        rules={rules('wafIp')}
      />
      <Row gutter={16} align="middle">
        <Col xs={12} md={6}>
          <Form.Item name="countryOn" label={t('fields.wafCountry')} valuePropName="checked">
            <Switch data-testid="waf-rule-countryOn" />
          </Form.Item>
        </Col>
        {countryOn ? (
          <Col xs={12} md={6}>
            <Form.Item name="wafCountryInvert" label={t('fields.wafCountryInvert')} valuePropName="checked">
              <Switch data-testid="waf-rule-wafCountryInvert" />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      {countryOn ? (
        <Form.Item
          name="wafCountry"
          label={t('form.countries')}
          extra={t('form.countryHint')}
          rules={rules('wafCountry')}
          dependencies={['countryOn', 'wafCountryInvert']}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            aria-label={t('form.countries')}
            data-testid="waf-rule-wafCountry"
            options={COUNTRY_CODES.map((code) => ({ value: code, label: regionOption(code) }))}
          />
        </Form.Item>
      ) : null}
      <LineListField
        name="wafIsp"
        label={t('fields.wafIsp')}
        extra={t('form.ispHint')}
        placeholder="Example Telecom"
        rules={rules('wafIsp')}
      />
      <Form.Item
        name="wafProxyType"
        label={t('fields.wafProxyType')}
        extra={t('form.proxyTypeHint')}
        rules={rules('wafProxyType')}
      >
        <Checkbox.Group
          data-testid="waf-rule-wafProxyType"
          options={WAF_PROXY_TYPES.map((type) => ({ value: type, label: t(`proxyTypes.${type}`) }))}
        />
      </Form.Item>
    </>
  );
}

/** Condition – Behavior: what the request asks and how often. */
export function BehaviorFields({ rules }: Pick<ConditionFieldsProps, 'rules'>) {
  const { t } = useTranslation('wafRules');
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('form.sections.behavior')}
      </Divider>
      <LineListField
        name="wafUri"
        label={t('fields.wafUri')}
        extra={t('form.uriHint')}
        placeholder="/api/secret$"
        rules={rules('wafUri')}
      />
      <LineListField
        name="wafHeaders"
        label={t('fields.wafHeaders')}
        extra={t('form.headersHint')}
        placeholder="user-agent:curl"
        rules={rules('wafHeaders')}
      />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="wafRate"
            label={t('fields.wafRate')}
            extra={t('form.rateHint')}
            rules={rules('wafRate')}
            dependencies={['wafAction']}
          >
            <Input placeholder="200/1" autoComplete="off" data-testid="waf-rule-wafRate" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="wafHttpMethod" label={t('fields.wafHttpMethod')} rules={rules('wafHttpMethod')}>
            <Checkbox.Group
              data-testid="waf-rule-wafHttpMethod"
              options={WAF_HTTP_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Condition – Owasp: the categories the edge's core rule set flags. */
export function OwaspFields({ rules }: Pick<ConditionFieldsProps, 'rules'>) {
  const { t } = useTranslation('wafRules');
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('form.sections.owasp')}
      </Divider>
      <Form.Item name="wafOwasp" label={t('fields.wafOwasp')} rules={rules('wafOwasp')}>
        <Checkbox.Group
          data-testid="waf-rule-wafOwasp"
          options={WAF_OWASP_CATEGORIES.map((category) => ({ value: category, label: t(`owasp.${category}`) }))}
        />
      </Form.Item>
    </>
  );
}

/** The exclusions: requests the rule would match but must spare. */
export function ExclusionFields({ rules }: Pick<ConditionFieldsProps, 'rules'>) {
  const { t } = useTranslation('wafRules');
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('form.sections.exclusions')}
      </Divider>
      <LineListField
        name="wafIpExclude"
        label={t('fields.wafIpExclude')}
        extra={t('form.ipHint')}
        rules={rules('wafIpExclude')}
      />
      <LineListField
        name="wafUriExclude"
        label={t('fields.wafUriExclude')}
        extra={t('form.uriHint')}
        rules={rules('wafUriExclude')}
      />
      <LineListField
        name="wafHeadersExclude"
        label={t('fields.wafHeadersExclude')}
        extra={t('form.headersHint')}
        rules={rules('wafHeadersExclude')}
      />
      <LineListField
        name="wafHeadersNotExist"
        label={t('fields.wafHeadersNotExist')}
        extra={t('form.headersNotExistHint')}
        placeholder="x-api-key"
        rules={rules('wafHeadersNotExist')}
      />
    </>
  );
}
