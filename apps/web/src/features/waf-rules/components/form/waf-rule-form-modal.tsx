import { ExperimentOutlined } from '@ant-design/icons';
import { type WafRule, type WafRuleInput } from '@parapet/shared';
import { Button, Divider, Form, type FormRule } from 'antd';
import { useConfirmProceed } from '@/components/confirm-action';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { isApiError, type ApiErrorCode } from '@/lib/api-client';
import { useResourceLimits } from '@/lib/tenancy/resource-limits';
import { failedOnOurSide, useToast } from '@/lib/toast';
import { useCreateWafRule } from '../../api/create-waf-rule';
import { useRuleNameExists } from '../../api/rule-name-exists';
import { useUpdateWafRule } from '../../api/update-waf-rule';
import { useQuotaToast } from '../quota-toast';
import { RuleTesterModal } from '../tester/rule-tester-modal';
import { ActionFields } from './action-fields';
import { BehaviorFields, ExclusionFields, IdentityFields, OwaspFields } from './condition-fields';
import { ConditionsNote } from './conditions-note';
import { DryRunLine } from './dry-run-line';
import { EssentialFields } from './essential-fields';
import { DRAFT_RULE_NAME, initialFormValues, toRuleInput, type RuleFormValues } from './form-values';
import { useRuleRules, useShowServerProblems } from './use-rule-problems';
import { ConflictAlert } from '@/components/conflict-alert';
import type { RuleDraft } from '@/lib/rule-draft';

/** Failures whose own message says more than "Create Failed" / "Update Failed". */
const TOLD_BY_CODE = new Set<ApiErrorCode>([
  'WAF_RULE_DEPLOYING',
  'VALIDATION_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
]);

interface WafRuleFormModalProps {
  groupName: string;
  /** Absent: create a rule; present: edit every field but the name, over this version. */
  rule?: WafRule;
  open: boolean;
  onClose: () => void;
  /** After a version conflict: read the rule again and refill the form with it. */
  onReload?: () => void;
  /** Create only: settings drafted elsewhere (an event of the event log) over the defaults. */
  initial?: RuleDraft;
}

/** Create and edit, grouped as GLOSSARY §5: essential, the action's own fields, conditions, exclusions. */
export function WafRuleFormModal({ groupName, rule, open, onClose, onReload, initial }: WafRuleFormModalProps) {
  const { t } = useTranslation(['wafRules', 'common', 'errors']);
  const confirmProceed = useConfirmProceed();
  const [form] = Form.useForm<RuleFormValues>();
  const plan = useResourceLimits(groupName).data?.plan;
  const rules = useRuleRules(plan);
  const showServerProblems = useShowServerProblems(form, plan);
  const nameExists = useRuleNameExists(groupName);
  const toast = useToast();
  const quotaToast = useQuotaToast();
  const create = useCreateWafRule();
  const update = useUpdateWafRule();
  const [draft, setDraft] = useState<WafRuleInput>();
  const initialValues = useMemo(() => initialFormValues(groupName, rule, initial), [groupName, rule, initial]);
  const action = Form.useWatch('wafAction', form) ?? initialValues.wafAction;
  const countryOn = Form.useWatch('countryOn', form) ?? initialValues.countryOn;
  const denyThenBlock = Form.useWatch('wafIsDenyThenBucket', form) ?? initialValues.wafIsDenyThenBucket;
  const preTlsRefusal = Form.useWatch('wafBucketPreSslDeny', form) ?? initialValues.wafBucketPreSslDeny;
  const conflict = rule !== undefined && isApiError(update.error) && update.error.code === 'VERSION_CONFLICT';

  // Asked only once the name's own format holds; a failed check lets the server decide on save.
  const nameRules: FormRule[] = [
    {
      validator: async (_rule, value: unknown) => {
        const name = typeof value === 'string' ? value.trim() : '';
        if (name && (await nameExists(name).catch(() => false)))
          throw new Error(t('wafRules:form.nameExists', { name }));
      },
    },
  ];

  const formError = () => toast.error(t('errors:VALIDATION_FAILED'), 'waf-rule-form-error');
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'VERSION_CONFLICT' && rule) return;
    if (isApiError(error) && error.code === 'NO_RULES_AVAILABLE') return quotaToast();
    if (isApiError(error) && error.code === 'ALREADY_EXISTS' && !rule) {
      const name = form.getFieldValue('ruleName') as string;
      form.setFields([{ name: 'ruleName', errors: [t('wafRules:form.nameExists', { name })] }]);
      return formError();
    }
    if (showServerProblems(error)) return formError();
    if (isApiError(error) && TOLD_BY_CODE.has(error.code)) return toast.apiError(error);
    // A server or network failure says "Failed to create. Please try again" (spec §8).
    if (!rule && failedOnOurSide(error)) return toast.apiError(error, 'create');
    toast.error(
      rule ? t('common:messages.updateFailed') : t('wafRules:messages.createFailed'),
      rule ? 'waf-rule-update-failed' : 'waf-rule-create-failed',
    );
  };
  const done = (text: string, testId: string) => () => {
    toast.success(text, testId);
    onClose();
  };

  const save = () => {
    const { ruleName, ...settings } = toRuleInput(form.getFieldsValue(true) as RuleFormValues);
    if (rule)
      update.mutate(
        { id: rule.id, groupName, version: rule.version, ...settings },
        { onSuccess: done(t('common:messages.updated'), 'waf-rule-updated'), onError },
      );
    else
      create.mutate(
        { groupName, ruleName, ...settings },
        { onSuccess: done(t('common:messages.created'), 'waf-rule-created'), onError },
      );
  };
  // An edit changes what visitors get at once: "Are you sure want to proceed?" first (spec §6).
  const submit = () => {
    if (!rule) return save();
    confirmProceed(save);
  };
  // The tester tries the rule as the form holds it now, saved or not; a bad form is told first.
  const test = () =>
    form.validateFields().then(() => {
      const input = toRuleInput(form.getFieldsValue(true) as RuleFormValues);
      setDraft({ ...input, ruleName: input.ruleName || DRAFT_RULE_NAME });
    }, formError);

  return (
    <FormModal
      open={open}
      title={rule ? t('wafRules:editTitle', { name: rule.ruleName }) : t('wafRules:createTitle')}
      onClose={onClose}
      form={form}
      okText={rule ? t('common:actions.save') : t('wafRules:createTitle')}
      okTestId="waf-rule-submit"
      loading={create.isPending || update.isPending}
      width={860}
    >
      <ConflictAlert
        show={conflict}
        testId="waf-rule-conflict"
        onReload={onReload}
        reloadTestId="waf-rule-conflict-reload"
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button icon={<ExperimentOutlined />} onClick={() => void test()} data-testid="waf-rule-test">
          {t('wafRules:form.test')}
        </Button>
      </div>
      <Form<RuleFormValues>
        form={form}
        name="waf-rule"
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={submit}
        onFinishFailed={formError}
      >
        <Divider titlePlacement="start" plain>
          {t('wafRules:form.sections.essential')}
        </Divider>
        <EssentialFields creating={!rule} rules={rules} nameRules={nameRules} plan={plan} />
        <ActionFields
          groupName={groupName}
          action={action}
          rules={rules}
          blockPeriodMax={plan?.resourceLimits.blockPeriodMax ?? Number.MAX_SAFE_INTEGER}
          denyThenBlock={denyThenBlock}
          preTlsRefusal={preTlsRefusal}
        />
        <ConditionsNote rules={rules('conditions')} />
        <IdentityFields rules={rules} countryOn={countryOn} />
        <BehaviorFields rules={rules} />
        <OwaspFields rules={rules} />
        <ExclusionFields rules={rules} />
        <DryRunLine
          groupName={groupName}
          form={form}
          onInvalid={formError}
          showProblems={(error) => showServerProblems(error, 'rule.')}
        />
      </Form>
      <RuleTesterModal
        open={draft !== undefined}
        onClose={() => setDraft(undefined)}
        groupName={groupName}
        draft={draft}
      />
    </FormModal>
  );
}
