import { planOffering, WAF_ACTION_CODES, WAF_RULE_NAME_MAX_LENGTH, type WafActionCode } from '@parapet/shared';
import { Form, Input, Select, Space, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RulePlan } from './form-problems';

interface EssentialFieldsProps {
  /** Create: the name is typed and checked; edit: shown, fixed. */
  creating: boolean;
  rules: (field: string) => FormRule[];
  /** The name's own check: free in the group (asked of the server as one types). */
  nameRules: FormRule[];
  plan: RulePlan | undefined;
}

/** Group, name, description and action (GLOSSARY §5.1); actions outside the plan are listed, disabled. */
export function EssentialFields({ creating, rules, nameRules, plan }: EssentialFieldsProps) {
  const { t } = useTranslation(['wafRules', 'plans']);
  const offered = (code: WafActionCode) => !plan || plan.wafActions.includes(code);
  return (
    <>
      <Form.Item name="groupName" label={t('wafRules:fields.groupName')}>
        <Input disabled data-testid="waf-rule-groupName" />
      </Form.Item>
      <Form.Item
        name="ruleName"
        label={t('wafRules:fields.ruleName')}
        extra={creating ? t('wafRules:form.ruleNameHint', { max: WAF_RULE_NAME_MAX_LENGTH }) : undefined}
        rules={creating ? [...rules('ruleName'), ...nameRules] : undefined}
        validateFirst
        validateDebounce={creating ? 300 : undefined}
      >
        <Input
          disabled={!creating}
          autoFocus={creating}
          autoComplete="off"
          maxLength={WAF_RULE_NAME_MAX_LENGTH}
          data-testid="waf-rule-ruleName"
        />
      </Form.Item>
      <Form.Item name="description" label={t('wafRules:fields.description')} rules={rules('description')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="waf-rule-description" />
      </Form.Item>
      <Form.Item name="wafAction" label={t('wafRules:fields.wafAction')} rules={rules('wafAction')}>
        <Select
          // Every action in the list at once: fourteen rows, some disabled, read as a whole.
          virtual={false}
          data-testid="waf-rule-wafAction"
          options={WAF_ACTION_CODES.map((code) => ({
            value: code,
            disabled: !offered(code),
            'data-testid': `waf-rule-wafAction-${code}`,
            label: offered(code) ? (
              t(`plans:wafActions.${code}`)
            ) : (
              <Space size={8}>
                {t(`plans:wafActions.${code}`)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('wafRules:form.availableOn', { plan: t(`plans:names.${planOffering(code)}`) })}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      </Form.Item>
    </>
  );
}
