import { WAF_CONDITION_FIELDS } from '@parapet/shared';
import { Form, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the note listens to: any condition, and the country switch that clears one. */
const DEPENDENCIES = [...WAF_CONDITION_FIELDS, 'countryOn'];

/** Stands in a Form.Item's place of an input: the item only carries the form-level message. */
function Note({ text }: { text: string }) {
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}

/**
 * The form's own message about the conditions taken together: at least one must be set
 * (`conditions: condition_required`, from the form's check or the server's answer).
 */
export function ConditionsNote({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation('wafRules');
  return (
    <div data-testid="waf-rule-conditions">
      <Form.Item name="conditions" rules={rules} dependencies={DEPENDENCIES}>
        <Note text={t('form.conditionsHint')} />
      </Form.Item>
    </div>
  );
}
