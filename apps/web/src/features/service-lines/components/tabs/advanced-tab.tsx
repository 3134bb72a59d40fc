import {
  MAX_UPLOAD_SIZE_MAX,
  MAX_UPLOAD_SIZE_MIN,
  PROXY_BUFFER_SIZES,
  UPSTREAM_TIMEOUTS,
  type ServiceLine,
} from '@parapet/shared';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule } from '@/lib/form-rules';
import { useHtmlPageNames } from '../../api/list-html-page-names';
import { useLine } from '../setting/line-context';
import type { TabFormSpec } from '../setting/line-form';
import { LinesView, OnOff, ReadFields, TextOrDash } from '../setting/read-view';
import { SettingTab, type EditContext } from '../setting/setting-tab';

const KEYS = [
  'errorHtmlPageName',
  'maxUploadSize',
  'isAcceptHttpV1',
  'isUpgradeInsecureRequest',
  'upstreamTimeout',
  'isEnabledUpstreamHttp11',
  'isEnabledCompressionToOrigin',
  'isInsertRidHeaderToOrigin',
  'setCustomHostHeader',
  'customHostHeader',
  'websocketPath',
  'proxyBufferSize',
] as const;
type AdvancedValues = Pick<ServiceLine, (typeof KEYS)[number]>;

/** The Host box shows only while Custom Host is on; hidden, it is sent as it was read. */
const spec: TabFormSpec<AdvancedValues> = {
  toForm: (line) => Object.fromEntries(KEYS.map((key) => [key, line[key]])) as AdvancedValues,
  toChanges: (v, base) => ({
    ...v,
    customHostHeader: v.setCustomHostHeader === 'on' ? v.customHostHeader : base.customHostHeader,
  }),
};

/** Error page, upload size, HTTP/1.0, upstream behaviour, custom Host, WebSocket paths and buffers. */
export function AdvancedTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const custom = line.setCustomHostHeader === 'on';
  const read = (
    <ReadFields
      items={[
        { field: 'errorHtmlPageName', value: line.errorHtmlPageName },
        { field: 'maxUploadSize', value: t('values.megabytes', { value: line.maxUploadSize }) },
        { field: 'isAcceptHttpV1', value: <OnOff value={line.isAcceptHttpV1} /> },
        { field: 'isUpgradeInsecureRequest', value: <OnOff value={line.isUpgradeInsecureRequest} /> },
        { field: 'upstreamTimeout', value: t('values.seconds', { value: line.upstreamTimeout }) },
        { field: 'isEnabledUpstreamHttp11', value: <OnOff value={line.isEnabledUpstreamHttp11} /> },
        { field: 'isEnabledCompressionToOrigin', value: <OnOff value={line.isEnabledCompressionToOrigin} /> },
        { field: 'isInsertRidHeaderToOrigin', value: <OnOff value={line.isInsertRidHeaderToOrigin} /> },
        { field: 'setCustomHostHeader', value: <OnOff value={custom} /> },
        { field: 'customHostHeader', value: <TextOrDash value={custom ? line.customHostHeader : null} /> },
        { field: 'websocketPath', value: <LinesView text={line.websocketPath} /> },
        { field: 'proxyBufferSize', value: t('values.kilobytes', { value: line.proxyBufferSize }) },
      ]}
    />
  );
  return <SettingTab tab="advanced" read={read} spec={spec} fields={(context) => <AdvancedFields {...context} />} />;
}

function AdvancedFields({ form, rules, base, locked }: EditContext) {
  const { t } = useTranslation('serviceLines');
  const pages = useHtmlPageNames(base.groupName);
  const range = useRangeRule();
  const custom = Form.useWatch('setCustomHostHeader', form) === 'on';
  const pageOptions = [...new Set([...(pages.data ?? []), base.errorHtmlPageName])].map((name) => ({
    value: name,
    label: name,
  }));
  // The error page is the HTML pages child's (LINE_FIELD_CHILD), shown here too.
  const pageLocked = locked('errorHtmlPageName');
  const toggle = (name: (typeof KEYS)[number], extra?: string) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`fields.${name}`)} extra={extra} valuePropName="checked">
        <Switch data-testid={`field-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="errorHtmlPageName"
          label={t('fields.errorHtmlPageName')}
          tooltip={pageLocked ? t('access.lockedField') : undefined}
          rules={rules('errorHtmlPageName')}
        >
          <Select
            showSearch
            disabled={pageLocked}
            options={pageOptions}
            loading={pages.isFetching}
            aria-label={t('fields.errorHtmlPageName')}
            data-testid="field-errorHtmlPageName"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {/* No min/max on the box: it would correct 500 to 100 unasked (see useRangeRule). */}
        <Form.Item
          name="maxUploadSize"
          label={t('fields.maxUploadSize')}
          rules={[range({ min: MAX_UPLOAD_SIZE_MIN, max: MAX_UPLOAD_SIZE_MAX }), ...rules('maxUploadSize')]}
          validateFirst
        >
          <InputNumber
            suffix="MB"
            style={{ width: '100%' }}
            aria-label={t('fields.maxUploadSize')}
            data-testid="field-maxUploadSize"
          />
        </Form.Item>
      </Col>
      {toggle('isAcceptHttpV1', t('hints.acceptHttpV1'))}
      {toggle('isUpgradeInsecureRequest')}
      <Col xs={24} md={12}>
        <Form.Item name="upstreamTimeout" label={t('fields.upstreamTimeout')} rules={rules('upstreamTimeout')}>
          <Select
            options={UPSTREAM_TIMEOUTS.map((s) => ({ value: s, label: t('values.seconds', { value: s }) }))}
            aria-label={t('fields.upstreamTimeout')}
            data-testid="field-upstreamTimeout"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="proxyBufferSize" label={t('fields.proxyBufferSize')} rules={rules('proxyBufferSize')}>
          <Select
            options={PROXY_BUFFER_SIZES.map((k) => ({ value: k, label: t('values.kilobytes', { value: k }) }))}
            aria-label={t('fields.proxyBufferSize')}
            data-testid="field-proxyBufferSize"
          />
        </Form.Item>
      </Col>
      {toggle('isEnabledUpstreamHttp11')}
      {toggle('isEnabledCompressionToOrigin')}
      {toggle('isInsertRidHeaderToOrigin', t('hints.rid'))}
      <Col xs={24} md={12}>
        {/* The setting stores the strings 'on' and 'off' (GLOSSARY §1.7); the switch shows them. */}
        <Form.Item
          name="setCustomHostHeader"
          label={t('fields.setCustomHostHeader')}
          getValueProps={(value) => ({ checked: value === 'on' })}
          normalize={(checked: boolean) => (checked ? 'on' : 'off')}
        >
          <Switch data-testid="field-setCustomHostHeader" />
        </Form.Item>
      </Col>
      {custom ? (
        <Col xs={24} md={12}>
          <Form.Item name="customHostHeader" label={t('fields.customHostHeader')} rules={rules('customHostHeader')}>
            <Input autoComplete="off" data-testid="field-customHostHeader" />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={24}>
        <Form.Item
          name="websocketPath"
          label={t('fields.websocketPath')}
          extra={t('hints.lines')}
          rules={rules('websocketPath')}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('hints.websocketPlaceholder')}
            data-testid="field-websocketPath"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
