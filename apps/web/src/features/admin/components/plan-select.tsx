import { PLAN_NAMES, type PlanName } from '@parapet/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface PlanSelectProps {
  /** Given by Form.Item, so its label names the select. */
  id?: string;
  value?: PlanName;
  onChange?: (plan: PlanName) => void;
  'data-testid'?: string;
}

/** The plans of packages/shared, by their translated names; a Form.Item control. Options are `<testId>-<plan>`. */
export function PlanSelect({ id, value, onChange, 'data-testid': testId }: PlanSelectProps) {
  const { t } = useTranslation('plans');
  return (
    <Select<PlanName>
      id={id}
      value={value}
      onChange={onChange}
      options={PLAN_NAMES.map((plan) => ({
        value: plan,
        label: t(`names.${plan}`),
        'data-testid': testId ? `${testId}-${plan}` : undefined,
      }))}
      data-testid={testId}
    />
  );
}
