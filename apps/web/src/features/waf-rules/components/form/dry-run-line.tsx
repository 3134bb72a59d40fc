import { LineChartOutlined } from '@ant-design/icons';
import {
  WAF_DRY_RUN_HOURS,
  WAF_EVENT_UNJUDGED_CONDITIONS,
  type WafDryRunAnswer,
  type WafDryRunUnjudgedField,
} from '@parapet/shared';
import { Button, Divider, Flex, Form, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format-units';
import { useToast } from '@/lib/toast';
import { useDryRunWafRule } from '../../api/dry-run-waf-rule';
import { toRuleInput, type RuleFormValues } from './form-values';

/** What changes the answer: every value but the name and the description (and the group shown). */
function draftKey(values: Partial<RuleFormValues>): string {
  const { ruleName: _name, description: _description, groupName: _group, ...rest } = values;
  return JSON.stringify(rest);
}

const withoutName = (form: FormInstance<RuleFormValues>) =>
  form
    .getFieldsError()
    .map(({ name }) => name)
    .filter((name) => name.join('.') !== 'ruleName');

const isCondition = (field: WafDryRunUnjudgedField) =>
  (WAF_EVENT_UNJUDGED_CONDITIONS as readonly string[]).includes(field);

interface DryRunLineProps {
  groupName: string;
  form: FormInstance<RuleFormValues>;
  /** A form with problems is not sent: the caller says so as it does on save. */
  onInvalid: () => void;
  /** Shows a refusal's `rule.<field>` codes on the form's fields; false when none could be shown. */
  showProblems: (error: unknown) => boolean;
}

/**
 * "Would have matched N of the last 24 h" under the rule's conditions (issue 13 item 6). Asked
 * with a button, not on every change: one check reads up to WAF_DRY_RUN_EXAMINE_MAX stored
 * requests (about 2 s), too much to repeat on each keystroke. An answer stays shown after the
 * rule changes, marked as older than the rule.
 */
export function DryRunLine({ groupName, form, onInvalid, showProblems }: DryRunLineProps) {
  const { t, i18n } = useTranslation('wafRules');
  const toast = useToast();
  const dryRun = useDryRunWafRule();
  const [checked, setChecked] = useState<{ key: string; answer: WafDryRunAnswer }>();
  const currentKey = Form.useWatch((values: Partial<RuleFormValues>) => draftKey(values), { form, preserve: true });

  // Every check of the form but the name's: a rule is judged by its settings, named or not.
  const check = () =>
    form.validateFields(withoutName(form)).then(() => {
      const values = form.getFieldsValue(true) as RuleFormValues;
      const { ruleName: _name, ...rule } = toRuleInput(values);
      dryRun.mutate(
        { groupName, rule },
        {
          onSuccess: (answer) => setChecked({ key: draftKey(values), answer }),
          // What only the server knows (the group's plan) is told on its fields, as a save's refusal is.
          onError: (error) => (showProblems(error) ? onInvalid() : toast.apiError(error)),
        },
      );
    }, onInvalid);

  return (
    <div data-testid="waf-rule-dry-run">
      <Divider titlePlacement="start" plain>
        {t('dryRun.title')}
      </Divider>
      <Flex gap="small" align="center" wrap>
        <Button
          icon={<LineChartOutlined />}
          loading={dryRun.isPending}
          onClick={() => void check()}
          data-testid="waf-rule-dry-run-check"
        >
          {t('dryRun.check')}
        </Button>
        <Typography.Text type="secondary">{t('dryRun.hint', { hours: WAF_DRY_RUN_HOURS })}</Typography.Text>
      </Flex>
      {checked ? (
        <DryRunAnswer answer={checked.answer} outdated={checked.key !== currentKey} language={i18n.language} />
      ) : null}
    </div>
  );
}

function DryRunAnswer({
  answer,
  outdated,
  language,
}: {
  answer: WafDryRunAnswer;
  outdated: boolean;
  language: string;
}) {
  const { t } = useTranslation('wafRules');
  const count = (n: number) => formatCount(n, language);
  const list = (fields: WafDryRunUnjudgedField[]) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(fields.map((field) => t(`fields.${field}`)));
  const hours = WAF_DRY_RUN_HOURS;
  const figures = { matched: count(answer.matched), examined: count(answer.examined), hours };
  const line =
    answer.totalInRange === 0
      ? t('dryRun.noTraffic', { hours })
      : answer.sampled
        ? t('dryRun.matchedSampled', { ...figures, total: count(answer.totalInRange) })
        : t('dryRun.matched', figures);
  const conditions = answer.unjudged.filter(isCondition);
  const effects = answer.unjudged.filter((field) => !isCondition(field));
  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }} data-testid="waf-rule-dry-run-answer">
      <Typography.Text strong={!outdated} type={outdated ? 'secondary' : undefined} data-testid="waf-rule-dry-run-line">
        {line}
      </Typography.Text>
      {conditions.length > 0 ? (
        <Typography.Text type="warning" data-testid="waf-rule-dry-run-unjudged">
          {t('dryRun.unjudgedConditions', { fields: list(conditions) })}
        </Typography.Text>
      ) : null}
      {effects.length > 0 ? (
        <Typography.Text type="secondary" data-testid="waf-rule-dry-run-effects">
          {t('dryRun.unjudgedEffects', { fields: list(effects) })}
        </Typography.Text>
      ) : null}
      {outdated ? (
        <Typography.Text type="secondary" italic data-testid="waf-rule-dry-run-outdated">
          {t('dryRun.outdated')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
