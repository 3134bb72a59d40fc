import type { PlanSpec } from '@parapet/shared';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The plan's name, the WAF actions it allows (name and code) and its features. */
export function PlanSummary({ groupName, plan }: { groupName: string; plan: PlanSpec }) {
  const { t } = useTranslation(['profile', 'plans']);
  return (
    <Card title={t('profile:subscription.planTitle', { group: groupName })}>
      <Descriptions
        column={1}
        items={[
          {
            key: 'plan',
            label: t('profile:subscription.plan'),
            children: (
              <Typography.Text strong data-testid="subscription-plan">
                {t(`plans:names.${plan.planName}`)}
              </Typography.Text>
            ),
          },
          {
            key: 'actions',
            label: t('profile:subscription.wafActions'),
            children: (
              <Space wrap size={[4, 4]} data-testid="subscription-waf-actions">
                {plan.wafActions.map((code) => (
                  <Tag key={code} data-testid={`waf-action-${code}`}>
                    {t(`plans:wafActions.${code}`)} ({code})
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'features',
            label: t('profile:subscription.features'),
            children: (
              <Space wrap size={[4, 4]} data-testid="subscription-features">
                {plan.features.map((feature) => (
                  <Tag key={feature} color="blue">
                    {t(`plans:features.${feature}` as 'plans:features.cdn', { defaultValue: feature })}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
