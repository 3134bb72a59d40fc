import { DEFAULT_HTML_PAGE_NAME, REDIRECT_HTTP_CODES, type WafActionCode } from '@parapet/shared';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule } from '@/lib/form-rules';
import { useHtmlPageNames, useOriginPolicyNames } from '@/lib/item-names';
import { numberRange } from './form-problems';
import { LineListField } from './line-list-field';

interface ActionFieldsProps {
  groupName: string;
  action: WafActionCode;
  rules: (field: string) => FormRule[];
  /** The plan's longest block period (seconds). */
  blockPeriodMax: number;
  /** Deny-then-block and pre-TLS refusal show their value boxes only while switched on. */
  denyThenBlock: boolean;
  preTlsRefusal: boolean;
}

/**
 * The chosen action's own fields (ARCHITECTURE §6, WAF_ACTION_FIELDS) and no other: pages and
 * the origin policy are the group's, picked by name; numbers say their range rather than
 * being corrected (useRangeRule).
 */
export function ActionFields({
  groupName,
  action,
  rules,
  blockPeriodMax,
  denyThenBlock,
  preTlsRefusal,
}: ActionFieldsProps) {
  const { t } = useTranslation('wafRules');
  const range = useRangeRule();
  const usesPage = action === '01' || action === '08' || action === '12';
  const pages = useHtmlPageNames(groupName, usesPage);
  const policies = useOriginPolicyNames(groupName, action === '13');
  const numberRules = (field: string) => {
    const bounds = numberRange(field, blockPeriodMax);
    return bounds ? [range(bounds), ...rules(field)] : rules(field);
  };
  const pageSelect = (name: string, label: string, withDefault: boolean) => (
    <Form.Item name={name} label={label} rules={rules(name)}>
      <Select
        showSearch
        loading={pages.isFetching}
        data-testid={`waf-rule-${name}`}
        options={(pages.data ?? [])
          .filter((page) => withDefault || page !== DEFAULT_HTML_PAGE_NAME)
          .map((page) => ({ value: page, label: page, 'data-testid': `waf-rule-${name}-${page}` }))}
      />
    </Form.Item>
  );
  const number = (name: string, label: string, suffix?: string) => (
    <Form.Item name={name} label={label} rules={numberRules(name)} validateFirst>
      <InputNumber suffix={suffix} style={{ width: '100%' }} aria-label={label} data-testid={`waf-rule-${name}`} />
    </Form.Item>
  );
  const toggle = (name: string, label: string) => (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch data-testid={`waf-rule-${name}`} />
    </Form.Item>
  );

  switch (action) {
    case '01':
      return (
        <>
          {pageSelect('wafDenyHtmlPageName', t('fields.wafDenyHtmlPageName'), true)}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {toggle('wafIsDenyThenBucket', t('fields.wafIsDenyThenBucket'))}
            </Col>
            {denyThenBlock ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="wafDenyThenBucketRate"
                  label={t('fields.wafDenyThenBucketRate')}
                  extra={t('form.denyThenBucketRateHint')}
                  rules={rules('wafDenyThenBucketRate')}
                >
                  <Input placeholder="1/1" autoComplete="off" data-testid="waf-rule-wafDenyThenBucketRate" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </>
      );
    case '05':
      return number('wafSpeedLimit', t('fields.wafSpeedLimit'), t('form.kbps'));
    case '06':
      return (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="wafRedirectHttpCode"
              label={t('fields.wafRedirectHttpCode')}
              rules={rules('wafRedirectHttpCode')}
            >
              <Select
                data-testid="waf-rule-wafRedirectHttpCode"
                options={REDIRECT_HTTP_CODES.map((code) => ({ value: code, label: String(code) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="wafRedirectUrl"
              label={t('fields.wafRedirectUrl')}
              extra={t('form.redirectUrlHint')}
              rules={rules('wafRedirectUrl')}
            >
              <Input placeholder="https://example.com/moved" autoComplete="off" data-testid="waf-rule-wafRedirectUrl" />
            </Form.Item>
          </Col>
        </Row>
      );
    case '08':
      return (
        <>
          <Typography.Paragraph type="secondary">{t('form.periodHint')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {number('wafBucketTime', t('fields.wafBucketTime'), t('form.seconds'))}
            </Col>
            <Col xs={24} md={12}>
              {pageSelect('wafDenyHtmlPageName', t('form.blockPage'), true)}
            </Col>
            <Col xs={24} md={12}>
              {toggle('wafBucketPreSslDeny', t('fields.wafBucketPreSslDeny'))}
            </Col>
            <Col xs={24} md={12}>
              {preTlsRefusal ? number('wafBucketPreSslDenyThreshold', t('fields.wafBucketPreSslDenyThreshold')) : null}
            </Col>
            <Col xs={24} md={12}>
              {toggle('wafIsGlobalBucketRecord', t('fields.wafIsGlobalBucketRecord'))}
            </Col>
            <Col xs={24} md={12}>
              {toggle('wafWithL3BucketList', t('fields.wafWithL3BucketList'))}
            </Col>
          </Row>
        </>
      );
    case '09':
      return (
        <LineListField
          name="wafSetReqHeaders"
          label={t('fields.wafSetReqHeaders')}
          extra={t('form.setHeadersHint')}
          placeholder="my-ip-header:$rip"
          rules={rules('wafSetReqHeaders')}
        />
      );
    case '10':
      return (
        <LineListField
          name="wafSetResHeaders"
          label={t('fields.wafSetResHeaders')}
          extra={t('form.setHeadersHint')}
          placeholder="x-frame-options:DENY"
          rules={rules('wafSetResHeaders')}
        />
      );
    case '12':
      return pageSelect('wafCustomHtmlPageName', t('fields.wafCustomHtmlPageName'), false);
    case '13':
      return (
        <Form.Item
          name="wafOriginPolicyName"
          label={t('fields.wafOriginPolicyName')}
          rules={rules('wafOriginPolicyName')}
        >
          <Select
            showSearch
            loading={policies.isFetching}
            data-testid="waf-rule-wafOriginPolicyName"
            options={(policies.data ?? []).map((policy) => ({
              value: policy,
              label: policy,
              'data-testid': `waf-rule-wafOriginPolicyName-${policy}`,
            }))}
          />
        </Form.Item>
      );
    default:
      return null;
  }
}
