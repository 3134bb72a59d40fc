import { ALL_GROUPS } from '@parapet/shared';
import { Alert, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelectedGroup } from '@/lib/tenancy/group-context';
import { usePlatformPlan } from '@/lib/tenancy/platform-plan';
import { useResourceLimits } from '@/lib/tenancy/resource-limits';
import { PlanSummary } from './plan-summary';
import { ResourceLimitList } from './resource-limit-list';

/**
 * /user/subscription: the selected group's plan (its WAF actions and features) and each
 * resource limit beside what the group uses (GLOSSARY §11). "All groups" has no plan.
 */
export function SubscriptionTab() {
  const { t } = useTranslation('profile');
  const selected = useSelectedGroup();
  const groupName = selected === ALL_GROUPS ? undefined : selected;
  const plan = usePlatformPlan(groupName);
  const limits = useResourceLimits(groupName);

  if (!groupName)
    return (
      <Alert
        type="info"
        showIcon
        title={t(selected ? 'subscription.pickGroup' : 'subscription.noGroup')}
        data-testid="subscription-pick-group"
      />
    );
  if (limits.isPending) return <Spin data-testid="subscription-loading" />;
  if (limits.isError)
    return <Alert type="error" showIcon title={t('subscription.loadFailed')} data-testid="subscription-error" />;

  // The group's plan as the plan list names it; the limits answer carries the same spec.
  const spec = plan.data?.planSpec.find((p) => p.planName === plan.data.currentPlan) ?? limits.data.plan;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PlanSummary groupName={groupName} plan={spec} />
      <ResourceLimitList limits={spec.resourceLimits} usage={limits.data.usage} />
    </Space>
  );
}
