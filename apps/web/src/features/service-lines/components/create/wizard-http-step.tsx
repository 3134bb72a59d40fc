import { ALLOWED_HTTP_PORTS, REDIRECT_HTTP_CODES, SCHEMES } from '@parapet/shared';
import { Checkbox, Form, Input, Radio, Select, Switch, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WizardField, WizardValues } from './wizard-values';

interface HttpStepProps {
  form: FormInstance<WizardValues>;
  rules: (field: WizardField) => FormRule[];
}

/**
 * Step 2, "HTTP/HTTPS Setting" (GLOSSARY §1.2, §1.9): HTTP ports with http, HTTPS ports and HSTS
 * with https, the redirect only with both and its code only while it is on; then the domains.
 */
export function HttpStep({ form, rules }: HttpStepProps) {
  const { t } = useTranslation('serviceLines');
  const scheme = Form.useWatch('scheme', form) ?? [];
  const redirect = Form.useWatch('redirecthttps', form);
  const http = scheme.includes('http');
  const https = scheme.includes('https');
  return (
    <>
      <Form.Item name="scheme" label={t('fields.scheme')} rules={rules('scheme')}>
        <Checkbox.Group
          options={SCHEMES.map((s) => ({ value: s, label: t(`scheme.${s}`) }))}
          data-testid="wizard-scheme"
        />
      </Form.Item>
      {http ? (
        <Form.Item name="httpPort" label={t('fields.httpPort')} rules={rules('httpPort')} dependencies={['scheme']}>
          <Select
            mode="multiple"
            options={ALLOWED_HTTP_PORTS.map((p) => ({
              value: p,
              label: String(p),
              'data-testid': `wizard-http-ports-${p}`,
            }))}
            aria-label={t('fields.httpPort')}
            data-testid="wizard-http-ports"
          />
        </Form.Item>
      ) : null}
      {https ? (
        <Form.Item
          name="httpsPort"
          label={t('fields.httpsPort')}
          extra={t('wizard.httpsPortsHint')}
          rules={rules('httpsPort')}
          dependencies={['scheme', 'httpPort']}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            aria-label={t('fields.httpsPort')}
            data-testid="wizard-https-ports"
          />
        </Form.Item>
      ) : null}
      {http && https ? (
        <Form.Item name="redirecthttps" label={t('fields.redirecthttps')} valuePropName="checked">
          <Switch data-testid="wizard-redirect-https" />
        </Form.Item>
      ) : null}
      {http && https && redirect ? (
        <Form.Item name="redirectHttpCode" label={t('fields.redirectHttpCode')}>
          <Radio.Group
            optionType="button"
            options={REDIRECT_HTTP_CODES.map((c) => ({ value: c, label: String(c) }))}
            data-testid="wizard-redirect-code"
          />
        </Form.Item>
      ) : null}
      {https ? (
        <Form.Item name="useHsts" label={t('fields.useHsts')} valuePropName="checked">
          <Switch data-testid="wizard-hsts" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="servername"
        label={t('fields.servername')}
        extra={t('wizard.domainsHint')}
        rules={rules('servername')}
      >
        <Input.TextArea
          rows={4}
          placeholder={t('wizard.domainsPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          data-testid="wizard-domains"
        />
      </Form.Item>
    </>
  );
}
