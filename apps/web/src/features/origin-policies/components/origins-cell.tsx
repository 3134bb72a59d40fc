import type { OriginHealth, OriginPolicy } from '@parapet/shared';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatInstant } from '@/lib/format-time';

const COLORS: Record<OriginHealth['health'], string> = { healthy: 'green', unhealthy: 'red', unchecked: 'default' };

/** Why the last check failed, in the user's language (the server sends a code, never a socket error). */
function reasonText(t: TFunction<'originPolicies'>, health: OriginHealth): string {
  if (health.reason === 'bad_status')
    return health.httpStatus === null
      ? t('healthReason.bad_status_unknown')
      : t('healthReason.bad_status', { status: health.httpStatus });
  return health.reason ? t(`healthReason.${health.reason}`) : '';
}

/**
 * An origin's last health verdict: green, red (the failure in a tooltip) or grey. The tag is
 * `origin-health-<address>`, its text the translated state and `data-health` the state itself;
 * `data-reason` carries the failure's code.
 */
export function HealthTag({ address, health }: { address: string; health: OriginHealth | undefined }) {
  const { t, i18n } = useTranslation('originPolicies');
  const state = health?.health ?? 'unchecked';
  const checked = health?.checkedAt
    ? t('checkedAt', { time: formatInstant(i18n.language, health.checkedAt) })
    : t('notCheckedYet');
  const tip = state === 'unhealthy' && health?.reason ? `${reasonText(t, health)} (${checked})` : checked;
  return (
    <Tooltip title={tip}>
      <Tag
        color={COLORS[state]}
        data-testid={`origin-health-${address}`}
        data-health={state}
        data-reason={health?.reason ?? undefined}
      >
        {t(`health.${state}`)}
      </Tag>
    </Tooltip>
  );
}

/** Every origin of a policy on its own line: address, health, backup/disabled marks, weight. */
export function OriginsCell({ policy }: { policy: OriginPolicy }) {
  const { t } = useTranslation('originPolicies');
  const weighted = policy.loadBalancerMethod === 'weight';
  return (
    <Space orientation="vertical" size={2}>
      {policy.origins.map((o) => (
        <Space key={o.address} size={4} wrap={false} data-testid={`origin-entry-${o.address}`}>
          <Typography.Text code>{o.address}</Typography.Text>
          {/* Disabled origins are not probed, so they have no health to show. */}
          {o.enabled ? (
            <HealthTag address={o.address} health={policy.health.find((h) => h.address === o.address)} />
          ) : (
            <Tag data-testid={`origin-disabled-tag-${o.address}`}>{t('disabled')}</Tag>
          )}
          {o.backup ? (
            <Tag color="blue" data-testid={`origin-backup-tag-${o.address}`}>
              {t('backup')}
            </Tag>
          ) : null}
          {weighted ? <Typography.Text type="secondary">{t('weightOf', { weight: o.weight })}</Typography.Text> : null}
        </Space>
      ))}
    </Space>
  );
}
