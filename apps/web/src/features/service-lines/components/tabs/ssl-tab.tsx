import {
  ALLOWED_HTTP_PORTS,
  DEFAULT_HTTPS_PORT,
  REDIRECT_HTTP_CODES,
  SCHEMES,
  type ServiceLine,
} from '@parapet/shared';
import { Checkbox, Col, Form, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { useCertNames } from '../../api/list-cert-names';
import { useLine } from '../setting/line-context';
import type { TabFormSpec } from '../setting/line-form';
import { OnOff, ReadFields, TagList, TextOrDash } from '../setting/read-view';
import { SettingTab, type EditContext } from '../setting/setting-tab';

type SslValues = Pick<
  ServiceLine,
  | 'scheme'
  | 'httpPort'
  | 'httpsPort'
  | 'useSystemCert'
  | 'keypairname'
  | 'redirecthttps'
  | 'redirectHttpCode'
  | 'useHsts'
>;

/**
 * Hidden settings are sent as they were read, except the two switches that need a scheme:
 * without it they are off (the server refuses a redirect without both schemes, HSTS without https).
 */
const spec: TabFormSpec<SslValues> = {
  toForm: ({ scheme, httpPort, httpsPort, useSystemCert, keypairname, redirecthttps, redirectHttpCode, useHsts }) => ({
    scheme: [...scheme],
    httpPort: [...httpPort],
    httpsPort: [...httpsPort],
    useSystemCert,
    keypairname,
    redirecthttps,
    redirectHttpCode,
    useHsts,
  }),
  toChanges: (v, base) => {
    const http = v.scheme.includes('http');
    const https = v.scheme.includes('https');
    return {
      scheme: SCHEMES.filter((s) => v.scheme.includes(s)),
      httpPort: http ? v.httpPort : base.httpPort,
      httpsPort: https ? v.httpsPort : base.httpsPort,
      useSystemCert: https ? v.useSystemCert : base.useSystemCert,
      keypairname: https && !v.useSystemCert ? (v.keypairname ?? null) : base.keypairname,
      redirecthttps: http && https ? v.redirecthttps : false,
      redirectHttpCode: http && https && v.redirecthttps ? v.redirectHttpCode : base.redirectHttpCode,
      useHsts: https ? v.useHsts : false,
    };
  },
};

/** Typed HTTPS ports: digits only, as numbers, each once (a non-number never becomes a tag). */
const normalizePorts = (value: unknown): number[] =>
  Array.isArray(value)
    ? [
        ...new Set(
          value
            .map((p) => String(p).trim())
            .filter((p) => /^\d{1,5}$/.test(p))
            .map(Number),
        ),
      ]
    : [];

/** Scheme, listen ports, certificate, redirect and HSTS. */
export function SslTab() {
  const { line } = useLine();
  const https = line.scheme.includes('https');
  const format = useValueFormat();
  const read = (
    <ReadFields
      items={[
        { field: 'scheme', value: format.schemes(line.scheme) },
        { field: 'httpPort', value: <TagList values={line.scheme.includes('http') ? line.httpPort : []} /> },
        { field: 'httpsPort', value: <TagList values={https ? line.httpsPort : []} /> },
        { field: 'useSystemCert', value: <OnOff value={line.useSystemCert} /> },
        { field: 'keypairname', value: <TextOrDash value={line.useSystemCert ? null : line.keypairname} /> },
        { field: 'redirecthttps', value: <OnOff value={line.redirecthttps} /> },
        { field: 'redirectHttpCode', value: line.redirecthttps ? line.redirectHttpCode : <TextOrDash value={null} /> },
        { field: 'useHsts', value: <OnOff value={line.useHsts} /> },
      ]}
    />
  );
  return <SettingTab tab="ssl" read={read} spec={spec} fields={(context) => <SslFields {...context} />} />;
}

function SslFields({ form, rules, base }: EditContext) {
  const { t } = useTranslation('serviceLines');
  const scheme = (Form.useWatch('scheme', form) as string[] | undefined) ?? [];
  const useSystemCert = Form.useWatch('useSystemCert', form) as boolean | undefined;
  const redirect = Form.useWatch('redirecthttps', form) as boolean | undefined;
  const http = scheme.includes('http');
  const https = scheme.includes('https');
  const certs = useCertNames(base.groupName, https && useSystemCert === false);
  const certOptions = [...new Set([...(certs.data ?? []), ...(base.keypairname ? [base.keypairname] : [])])].map(
    (name) => ({ value: name, label: name }),
  );

  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name="scheme" label={t('fields.scheme')} rules={rules('scheme')}>
          <Checkbox.Group
            options={SCHEMES.map((s) => ({ value: s, label: s.toUpperCase() }))}
            data-testid="field-scheme"
          />
        </Form.Item>
      </Col>
      {http ? (
        <Col xs={24} md={12}>
          <Form.Item name="httpPort" label={t('fields.httpPort')} rules={rules('httpPort')}>
            <Select
              mode="multiple"
              options={ALLOWED_HTTP_PORTS.map((p) => ({ value: p, label: String(p) }))}
              aria-label={t('fields.httpPort')}
              data-testid="field-httpPort"
            />
          </Form.Item>
        </Col>
      ) : null}
      {https ? (
        <Col xs={24} md={12}>
          {/* The form holds numbers; a tags select takes strings. */}
          <Form.Item
            name="httpsPort"
            label={t('fields.httpsPort')}
            extra={t('hints.httpsPort')}
            getValueProps={(ports: number[] | undefined) => ({ value: (ports ?? []).map(String) })}
            normalize={normalizePorts}
            rules={rules('httpsPort')}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              options={[{ value: String(DEFAULT_HTTPS_PORT), label: String(DEFAULT_HTTPS_PORT) }]}
              aria-label={t('fields.httpsPort')}
              data-testid="field-httpsPort"
            />
          </Form.Item>
        </Col>
      ) : null}
      {https ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item name="useSystemCert" label={t('fields.useSystemCert')} valuePropName="checked">
              <Switch data-testid="field-useSystemCert" />
            </Form.Item>
          </Col>
          {useSystemCert === false ? (
            <Col xs={24} md={12}>
              <Form.Item name="keypairname" label={t('fields.keypairname')} rules={rules('keypairname')}>
                <Select
                  allowClear
                  showSearch
                  options={certOptions}
                  loading={certs.isFetching}
                  aria-label={t('fields.keypairname')}
                  data-testid="field-keypairname"
                />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="useHsts" label={t('fields.useHsts')} valuePropName="checked" rules={rules('useHsts')}>
              <Switch data-testid="field-useHsts" />
            </Form.Item>
          </Col>
        </>
      ) : null}
      {http && https ? (
        <Col xs={24} md={12}>
          <Form.Item
            name="redirecthttps"
            label={t('fields.redirecthttps')}
            valuePropName="checked"
            rules={rules('redirecthttps')}
          >
            <Switch data-testid="field-redirecthttps" />
          </Form.Item>
        </Col>
      ) : null}
      {http && https && redirect ? (
        <Col xs={24} md={12}>
          <Form.Item name="redirectHttpCode" label={t('fields.redirectHttpCode')} rules={rules('redirectHttpCode')}>
            <Select
              options={REDIRECT_HTTP_CODES.map((c) => ({ value: c, label: String(c) }))}
              aria-label={t('fields.redirectHttpCode')}
              data-testid="field-redirectHttpCode"
            />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
