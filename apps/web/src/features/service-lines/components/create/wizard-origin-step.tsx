import { APP_PROFILE_NAME_MAX_LENGTH, ORIGIN_SCHEMES, PORT_MAPPING_TYPES, PORT_MAX, PORT_MIN } from '@parapet/shared';
import { Form, Input, InputNumber, Radio, Select, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule } from '@/lib/form-rules';
import { originPortOf, WIZARD_MAX_ORIGINS, type WizardField, type WizardValues } from './wizard-values';

interface OriginStepProps {
  form: FormInstance<WizardValues>;
  rules: (field: WizardField) => FormRule[];
  /** The customer packages of the group's plan. */
  packages: readonly string[];
  packagesLoading: boolean;
}

/** Step 1, "Service Name & Origin Details" (GLOSSARY §1.9); scheme and port hide under Static mapping. */
export function OriginStep({ form, rules, packages, packagesLoading }: OriginStepProps) {
  const { t } = useTranslation('serviceLines');
  const mapping = Form.useWatch('portMappingType', form);
  const range = useRangeRule();
  return (
    <>
      <Form.Item
        name="appProfileName"
        label={t('fields.appProfileName')}
        extra={t('wizard.nameHint', { max: APP_PROFILE_NAME_MAX_LENGTH })}
        rules={rules('appProfileName')}
        validateDebounce={300}
      >
        <Input autoFocus autoComplete="off" maxLength={APP_PROFILE_NAME_MAX_LENGTH} data-testid="wizard-name" />
      </Form.Item>
      <Form.Item name="customerPackage" label={t('fields.customerPackage')} rules={rules('customerPackage')}>
        <Select
          placeholder={t('wizard.packagePlaceholder')}
          loading={packagesLoading}
          options={packages.map((p) => ({ value: p, label: p, 'data-testid': `wizard-package-${p}` }))}
          notFoundContent={t('wizard.noPackages')}
          data-testid="wizard-package"
        />
      </Form.Item>
      <Form.Item
        name="origins"
        label={t('fields.origins')}
        extra={t('wizard.originsHint', { max: WIZARD_MAX_ORIGINS })}
        rules={rules('origins')}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          maxCount={WIZARD_MAX_ORIGINS}
          placeholder={t('wizard.originsPlaceholder')}
          aria-label={t('fields.origins')}
          data-testid="wizard-origins"
        />
      </Form.Item>
      <Form.Item
        name="portMappingType"
        label={t('fields.portMappingType')}
        extra={t(`wizard.portMappingHint.${mapping ?? 'default'}`)}
      >
        <Radio.Group
          optionType="button"
          options={PORT_MAPPING_TYPES.map((m) => ({ value: m, label: t(`portMapping.${m}`) }))}
          data-testid="wizard-port-mapping"
        />
      </Form.Item>
      {mapping === 'static' ? null : (
        <>
          <Form.Item name="originscheme" label={t('fields.originscheme')} rules={rules('originscheme')}>
            <Select
              options={ORIGIN_SCHEMES.map((s) => ({
                value: s,
                label: s.toUpperCase(),
                'data-testid': `wizard-origin-scheme-${s}`,
              }))}
              onChange={(scheme: WizardValues['originscheme']) =>
                form.setFieldValue('originPort', originPortOf(scheme))
              }
              style={{ maxWidth: 200 }}
              data-testid="wizard-origin-scheme"
            />
          </Form.Item>
          {/* No min/max on the box: it would correct 70000 to 65534 unasked (see useRangeRule). */}
          <Form.Item
            name="originPort"
            label={t('fields.originPort')}
            rules={[range({ min: PORT_MIN, max: PORT_MAX }), ...rules('originPort')]}
            validateFirst
          >
            <InputNumber data-testid="wizard-origin-port" />
          </Form.Item>
        </>
      )}
    </>
  );
}
