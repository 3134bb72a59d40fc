import type { OriginPolicy } from '@parapet/shared';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { LocalTime } from '@/components/local-time';
import { deployFailureText } from '@/lib/deploy-failure';
import { OriginsCell } from './origins-cell';

/** Columns the selector may hide (stored under userSelectedColumns.origin); name and actions always show. */
export const OPTIONAL_ORIGIN_POLICY_COLUMNS = [
  'groupName',
  'regions',
  'origins',
  'loadBalancer',
  'healthCheck',
  'status',
  'usage',
  'updated',
  'log',
] as const;
export type OriginPolicyColumn = (typeof OPTIONAL_ORIGIN_POLICY_COLUMNS)[number];

type Column = TableColumnsType<OriginPolicy>[number];

/** The optional columns by key; `regionName` names a region in the user's language, `onLog` opens a policy's log. */
export function optionalColumns(
  t: TFunction<'originPolicies'>,
  regionName: (code: string) => string,
  onLog: (p: OriginPolicy) => void,
): Record<OriginPolicyColumn, Column> {
  return {
    groupName: { key: 'groupName', title: t('fields.groupName'), dataIndex: 'groupName' },
    regions: {
      key: 'regions',
      title: t('fields.regions'),
      // The name reads in the user's language ("日本", "Default"); the code is a hover away.
      render: (_, p) =>
        p.region.map((r) => (
          <Tooltip key={r} title={r}>
            <Tag data-testid={`origin-policy-region-tag-${p.policyName}-${r}`}>{regionName(r)}</Tag>
          </Tooltip>
        )),
    },
    origins: { key: 'origins', title: t('fields.origins'), render: (_, p) => <OriginsCell policy={p} /> },
    loadBalancer: {
      key: 'loadBalancer',
      title: t('fields.loadBalancer'),
      render: (_, p) => (
        <Space size={4}>
          {t(`method.${p.loadBalancerMethod}`)}
          {p.loadBalancerSticky ? <Tag>{t('sticky')}</Tag> : null}
        </Space>
      ),
    },
    healthCheck: {
      key: 'healthCheck',
      title: t('fields.healthCheck'),
      render: (_, p) => (
        <Space size={4} data-testid={`origin-policy-hc-${p.policyName}`}>
          {t('healthSummary', { mode: t(`healthMode.${p.healthCheckMode}`), interval: p.healthCheckInterval })}
          {p.healthCheckMode === 'http' ? <Typography.Text code>{p.healthCheckUri}</Typography.Text> : null}
        </Space>
      ),
    },
    status: {
      key: 'status',
      title: t('fields.status'),
      render: (_, p) => (
        <Space orientation="vertical" size={2}>
          <Tag
            color={p.status !== 'Running' ? 'processing' : p.lastError ? 'orange' : 'green'}
            data-testid={`origin-policy-status-${p.policyName}`}
          >
            {t(`status.${p.status}`)}
          </Tag>
          {p.lastError ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`origin-policy-error-${p.policyName}`}>
              {t('lastError', { error: deployFailureText(p.lastError) })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    usage: {
      key: 'usage',
      title: t('fields.usage'),
      render: (_, p) =>
        p.usageCount || p.usedBy.length ? (
          <Space size={4} wrap data-testid={`origin-policy-usage-${p.policyName}`}>
            <Typography.Text strong>{p.usageCount}</Typography.Text>
            {p.usedBy.map((u) => (
              <Tag key={u}>{u}</Tag>
            ))}
          </Space>
        ) : (
          <span style={{ opacity: 0.5 }} data-testid={`origin-policy-usage-${p.policyName}`}>
            {t('notUsed')}
          </span>
        ),
    },
    updated: {
      key: 'updated',
      title: t('fields.updated'),
      render: (_, p) => <LocalTime value={p.updatedAt} seconds={false} />,
    },
    log: {
      key: 'log',
      title: t('fields.log'),
      render: (_, p) => (
        <Button size="small" onClick={() => onLog(p)} data-testid={`origin-policy-log-${p.policyName}`}>
          {t('log')}
        </Button>
      ),
    },
  };
}
