import { planOf } from '@parapet/shared';
import { Alert, Button, Form, Space, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS, serviceOverviewPath } from '@/lib/paths';
import { usePlatformPlan } from '@/lib/tenancy/platform-plan';
import { useCreateServiceLine } from '../../api/create-service-line';
import { useTaskToast } from '../use-task-toast';
import { CnameStep } from './wizard-cname-step';
import { HttpStep } from './wizard-http-step';
import { OriginStep } from './wizard-origin-step';
import { useCreateErrors } from './use-create-errors';
import { useWizardRules } from './use-wizard-rules';
import { initialWizardValues, STEP_FIELDS, stepOf, toCreateBody, type WizardValues } from './wizard-values';

const NO_PACKAGES: readonly string[] = [];

interface ErrorInfo {
  errorFields?: { name: (string | number)[] }[];
}

/**
 * The create wizard (GLOSSARY §1.9): the name and origins, then schemes, ports and domains,
 * then the CNAME to point them at. One form spans the first two steps (the hidden one stays
 * mounted), so a server error on any field can be shown on it and its step brought back.
 */
export function CreateWizard({ groupName }: { groupName: string }) {
  const { t } = useTranslation(['serviceLines', 'common', 'errors']);
  const navigate = useNavigate();
  const taskToast = useTaskToast();
  const [form] = Form.useForm<WizardValues>();
  const rules = useWizardRules(groupName);
  const plan = usePlatformPlan(groupName);
  const packages = plan.data ? planOf(plan.data.currentPlan).packages : NO_PACKAGES;
  const initialValues = useMemo(() => initialWizardValues(), []);
  const create = useCreateServiceLine();
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<{ name: string; domains: string[] }>();
  const onError = useCreateErrors(form, setStep);

  const toStepOf = (info: unknown) => {
    const steps = ((info as ErrorInfo).errorFields ?? [])
      .map((f) => stepOf(String(f.name[0])))
      .filter((s) => s !== undefined);
    if (steps.length) setStep(Math.min(...steps));
  };
  const next = () => form.validateFields([...STEP_FIELDS[0]]).then(() => setStep(1), toStepOf);
  const save = () =>
    form.validateFields().then(() => {
      const body = toCreateBody(form.getFieldsValue(true) as WizardValues, groupName);
      create.mutate(body, {
        onSuccess: (answer) =>
          taskToast(answer, t('serviceLines:messages.created'), 'service-line-created', () => {
            setCreated({ name: body.appProfileName, domains: body.servername });
            setStep(2);
          }),
        onError,
      });
    }, toStepOf);
  const createAnother = () => {
    form.resetFields();
    create.reset();
    setCreated(undefined);
    setStep(0);
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
      <Steps
        current={step}
        items={[
          { title: t('serviceLines:wizard.steps.origin') },
          { title: t('serviceLines:wizard.steps.http') },
          { title: t('serviceLines:wizard.steps.cname') },
        ]}
        data-testid="wizard-steps"
      />
      {plan.isError ? (
        <Alert type="error" showIcon title={t('serviceLines:wizard.planFailed')} data-testid="wizard-plan-failed" />
      ) : null}
      <Form<WizardValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        hidden={step > 1}
      >
        <div hidden={step !== 0} data-testid="wizard-step-origin">
          <OriginStep form={form} rules={rules} packages={packages} packagesLoading={plan.isPending} />
          <Space>
            <Button onClick={() => void navigate(PATHS.serviceLines)} data-testid="wizard-cancel">
              {t('common:actions.cancel')}
            </Button>
            <Button type="primary" onClick={() => void next()} data-testid="wizard-next">
              {t('serviceLines:wizard.next')}
            </Button>
          </Space>
        </div>
        <div hidden={step !== 1} data-testid="wizard-step-http">
          <HttpStep form={form} rules={rules} />
          <Space>
            <Button onClick={() => setStep(0)} data-testid="wizard-back">
              {t('serviceLines:wizard.back')}
            </Button>
            <Button type="primary" loading={create.isPending} onClick={() => void save()} data-testid="wizard-save">
              {t('common:actions.save')}
            </Button>
          </Space>
        </div>
      </Form>
      {step === 2 && created ? (
        <CnameStep
          groupName={groupName}
          name={created.name}
          domains={created.domains}
          onCreateAnother={createAnother}
          onOverview={() => void navigate(serviceOverviewPath(created.name, groupName))}
        />
      ) : null}
    </Space>
  );
}
