import {
  parseRawRequest,
  WAF_EDGE_JUDGED_CONDITIONS,
  WAF_HTTP_METHODS,
  WAF_OWASP_CATEGORIES,
  WAF_PROXY_TYPES,
} from '@parapet/shared';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { COUNTRY_CODES } from '@/lib/regions';
import { isClientIp, parseTestUrl, readHeaderLines } from './tester-request';

// The tester's fields: the request as a URL and headers, or pasted raw; then the client and
// what the edge would know of it, with the note on which conditions only the edge can judge.

const fail = (message: string) => Promise.reject(new Error(message));

export function RequestFields() {
  const { t } = useTranslation(['wafTester', 'fieldErrors']);
  return (
    <Row gutter={12}>
      <Col xs={24} md={6}>
        <Form.Item name="method" label={t('fields.method')}>
          <Select
            options={WAF_HTTP_METHODS.map((method) => ({ value: method, label: method }))}
            aria-label={t('fields.method')}
            data-testid="tester-method"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={18}>
        <Form.Item
          name="url"
          label={t('fields.url')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value?.trim()
                  ? fail(t('fieldErrors:required'))
                  : parseTestUrl(value)
                    ? Promise.resolve()
                    : fail(t('errors.url')),
            },
          ]}
        >
          <Input placeholder={t('placeholders.url')} aria-label={t('fields.url')} data-testid="tester-url" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="headers"
          label={t('fields.headers')}
          extra={t('hints.headers')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const read = readHeaderLines(value ?? '');
                return read.ok ? Promise.resolve() : fail(t('errors.headerLine', { line: read.line }));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            placeholder={t('placeholders.headers')}
            aria-label={t('fields.headers')}
            data-testid="tester-headers"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function RawField() {
  const { t } = useTranslation(['wafTester', 'fieldErrors']);
  return (
    <Form.Item
      name="raw"
      label={t('fields.raw')}
      extra={t('hints.raw')}
      rules={[
        {
          validator: (_, value: string | undefined) => {
            if (!value?.trim()) return fail(t('fieldErrors:required'));
            const parsed = parseRawRequest(value);
            return parsed.ok ? Promise.resolve() : fail(t('fieldErrors:invalid_raw_request', { line: parsed.line }));
          },
        },
      ]}
    >
      <Input.TextArea
        rows={8}
        spellCheck={false}
        placeholder={t('placeholders.raw')}
        aria-label={t('fields.raw')}
        style={{ fontFamily: 'monospace' }}
        data-testid="tester-raw"
      />
    </Form.Item>
  );
}

/** The conditions only the edge can judge, named in the user's language and listed as a sentence. */
export function useEdgeJudgedNames(): string {
  const { t, i18n } = useTranslation('wafTester');
  const names = WAF_EDGE_JUDGED_CONDITIONS.map((field) => t(`conditions.${field}`));
  return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
}

export function EdgeFields() {
  const { t } = useTranslation(['wafTester', 'fieldErrors']);
  const judged = useEdgeJudgedNames();
  const label = useValueFormat().regionOption;
  const countries = useMemo(() => COUNTRY_CODES.map((code) => ({ value: code, label: label(code) })), [label]);

  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('edgeNote', { fields: judged })}
        style={{ marginBottom: 16 }}
        data-testid="tester-edge-note"
      />
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name="clientIp"
            label={t('fields.clientIp')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim()
                    ? fail(t('fieldErrors:required'))
                    : isClientIp(value)
                      ? Promise.resolve()
                      : fail(t('errors.clientIp')),
              },
            ]}
          >
            <Input
              placeholder={t('placeholders.clientIp')}
              aria-label={t('fields.clientIp')}
              data-testid="tester-client-ip"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="country" label={t('conditions.wafCountry')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={countries}
              aria-label={t('conditions.wafCountry')}
              data-testid="tester-country"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="isp" label={t('conditions.wafIsp')}>
            <Input aria-label={t('conditions.wafIsp')} data-testid="tester-isp" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="proxyType" label={t('conditions.wafProxyType')}>
            <Select
              allowClear
              options={WAF_PROXY_TYPES.map((type) => ({ value: type, label: t(`proxyTypes.${type}`) }))}
              aria-label={t('conditions.wafProxyType')}
              data-testid="tester-proxy-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="ratePerSecond" label={t('fields.ratePerSecond')}>
            <InputNumber
              min={0}
              style={{ width: '100%' }}
              aria-label={t('fields.ratePerSecond')}
              data-testid="tester-rate"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="owasp" label={t('fields.owasp')}>
            <Select
              mode="multiple"
              allowClear
              options={WAF_OWASP_CATEGORIES.map((code) => ({ value: code, label: `${code} · ${t(`owasp.${code}`)}` }))}
              aria-label={t('fields.owasp')}
              data-testid="tester-owasp"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
