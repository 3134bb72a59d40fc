import { COUNTED_LIMITS, RESOURCE_LIMIT_KEYS, type CountedLimit, type ResourceLimitKey } from '@parapet/shared';
import { Card, Col, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

const isCounted = (key: ResourceLimitKey): key is CountedLimit => (COUNTED_LIMITS as readonly string[]).includes(key);

interface ResourceLimitListProps {
  limits: Record<ResourceLimitKey, number>;
  usage: Record<string, number>;
}

/**
 * Each limit of the plan: the counted ones as progress bars reading "created of max Name"
 * (GLOSSARY §11), the bounds on values (domains per line, log retention, block period) plain.
 */
export function ResourceLimitList({ limits, usage }: ResourceLimitListProps) {
  const { t } = useTranslation(['profile', 'plans']);
  const counted = RESOURCE_LIMIT_KEYS.filter(isCounted);
  const bounds = RESOURCE_LIMIT_KEYS.filter((key) => !isCounted(key));
  return (
    <Card title={t('profile:subscription.limitsTitle')}>
      {counted.map((key) => {
        const max = limits[key];
        const created = usage[key] ?? 0;
        const percent = max > 0 ? Math.min(100, Math.round((created / max) * 100)) : 100;
        return (
          <div key={key} data-testid={`limit-${key}`} style={{ marginBottom: 12 }}>
            <div>{t('profile:subscription.usage', { created, max, name: t(`plans:limits.${key}`) })}</div>
            <Progress
              percent={percent}
              status={created >= max ? 'exception' : 'normal'}
              showInfo={false}
              aria-label={t(`plans:limits.${key}`)}
            />
          </div>
        );
      })}
      <Row gutter={16} style={{ marginTop: 8 }}>
        {bounds.map((key) => (
          <Col key={key} xs={24} md={8}>
            <div data-testid={`limit-${key}`}>
              <Statistic title={t(`plans:limits.${key}`)} value={limits[key]} suffix={t(`plans:units.${key}`)} />
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
