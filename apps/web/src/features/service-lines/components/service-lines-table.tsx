import type { ServiceLine } from '@parapet/shared';
import { Button, Empty, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemTable, type ItemTableProps } from '@/components/item-table';
import { LocalTime } from '@/components/local-time';
import { serviceOverviewPath } from '@/lib/paths';
import { LineStatusTag } from './status-tag';

/** How many of a line's domains the list names; the rest are counted. */
const DOMAINS_SHOWN = 2;

interface ServiceLinesTableProps extends Pick<
  ItemTableProps<ServiceLine>,
  'data' | 'loading' | 'page' | 'pageSize' | 'onPage' | 'canWrite' | 'onLog'
> {
  onPurge: (line: ServiceLine) => void;
  onDelete: (line: ServiceLine) => void;
}

/** One server-side page of the group's lines: name (to its overview), package, status, domains, CNAME, actions. */
export function ServiceLinesTable({ canWrite, onPurge, onDelete, onLog, ...rows }: ServiceLinesTableProps) {
  const { t } = useTranslation('serviceLines');

  const columns = useMemo<TableColumnsType<ServiceLine>>(
    () => [
      {
        key: 'name',
        title: t('fields.appProfileName'),
        render: (_, l) => (
          <Link
            to={serviceOverviewPath(l.appProfileName, l.groupName)}
            data-testid={`service-line-link-${l.appProfileName}`}
          >
            {l.appProfileName}
          </Link>
        ),
      },
      { key: 'customerPackage', title: t('fields.customerPackage'), dataIndex: 'customerPackage' },
      {
        key: 'status',
        title: t('fields.status'),
        render: (_, l) => (
          <LineStatusTag
            status={l.status}
            lastError={l.lastError}
            testId={`service-line-status-${l.appProfileName}`}
            errorTestId={`service-line-error-${l.appProfileName}`}
          />
        ),
      },
      {
        key: 'domains',
        title: t('fields.servername'),
        render: (_, l) => (
          <Space size={4} wrap data-testid={`service-line-domains-${l.appProfileName}`}>
            <Typography.Text type="secondary">{t('domainCount', { count: l.servername.length })}</Typography.Text>
            {l.servername.slice(0, DOMAINS_SHOWN).map((d) => (
              <Tag key={d}>{d}</Tag>
            ))}
            {l.servername.length > DOMAINS_SHOWN ? (
              <Tag>{t('moreDomains', { count: l.servername.length - DOMAINS_SHOWN })}</Tag>
            ) : null}
          </Space>
        ),
      },
      {
        // GLOSSARY §1.4: a line shows how many of its firewall rules are switched on.
        key: 'wafRules',
        title: t('fields.usedWafRules'),
        render: (_, l) => (
          <Tooltip title={t('firewall.enabledHint', { total: l.usedWafRules.length })}>
            <Typography.Text data-testid={`service-line-waf-rules-${l.appProfileName}`}>
              {t('firewall.enabledCount', { count: l.usedWafRules.filter((rule) => rule.isEnabled).length })}
            </Typography.Text>
          </Tooltip>
        ),
      },
      {
        key: 'cnameto',
        title: t('fields.cnameto'),
        render: (_, l) => (
          <Typography.Text code copyable={{ text: l.cnameto }} data-testid={`service-line-cname-${l.appProfileName}`}>
            {l.cnameto}
          </Typography.Text>
        ),
      },
      {
        key: 'updated',
        title: t('fields.updated'),
        render: (_, l) => <LocalTime value={l.updatedAt} seconds={false} />,
      },
      {
        key: 'actions',
        title: t('fields.actions'),
        render: (_, l) => (
          <Space>
            {canWrite ? (
              <Button
                size="small"
                disabled={l.status === 'Deleting'}
                onClick={() => onPurge(l)}
                aria-label={`${t('actions.purge')} ${l.appProfileName}`}
                data-testid={`service-line-purge-${l.appProfileName}`}
              >
                {t('actions.purge')}
              </Button>
            ) : null}
            {canWrite ? (
              // GLOSSARY §1.10: only a Running line can be deleted.
              <Tooltip title={l.status === 'Running' ? undefined : t('delete.onlyRunning')}>
                <Button
                  size="small"
                  danger
                  disabled={l.status !== 'Running'}
                  onClick={() => onDelete(l)}
                  aria-label={`${t('actions.delete')} ${l.appProfileName}`}
                  data-testid={`service-line-delete-${l.appProfileName}`}
                >
                  {t('actions.delete')}
                </Button>
              </Tooltip>
            ) : null}
            <Button
              size="small"
              onClick={() => onLog(l)}
              aria-label={`${t('actions.log')} ${l.appProfileName}`}
              data-testid={`service-line-log-${l.appProfileName}`}
            >
              {t('actions.log')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, canWrite, onPurge, onDelete, onLog],
  );

  return (
    <ItemTable<ServiceLine>
      {...rows}
      columns={columns}
      onRow={(l) => ({ 'data-testid': `service-line-row-${l.appProfileName}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty description={t('empty')} data-testid="service-lines-empty" /> }}
      testId="service-lines-table"
    />
  );
}
