import type { Cert } from '@parapet/shared';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '@/components/local-time';
import { deployFailureText } from '@/lib/deploy-failure';
import { ConfirmAction } from '@/components/confirm-action';
import { ItemTable, type ItemTableProps } from '@/components/item-table';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useDeleteCert } from '../api/delete-cert';
import { ExpiryTag } from './expiry-tag';

/** Columns the selector may hide; the name and the actions always show. */
export const OPTIONAL_CERT_COLUMNS = [
  'commonName',
  'issuer',
  'san',
  'expiredDays',
  'status',
  'usedBy',
  'updated',
] as const;
export type CertColumn = (typeof OPTIONAL_CERT_COLUMNS)[number];

/** One server-side page of the group's certificates with their expiry, users and actions. */
export function CertsTable({ visible, canWrite, onEdit, onLog, ...rows }: ItemTableProps<Cert>) {
  const { t } = useTranslation(['certs', 'common']);
  const toast = useToast();
  const remove = useDeleteCert();
  const deleteCert = (cert: Cert) =>
    remove.mutate(cert.id, {
      onSuccess: () => toast.success(t('common:messages.deleted'), 'cert-deleted'),
      // A used certificate: name what uses it (spec §5 "is used by service").
      onError: (e) =>
        isApiError(e) && e.code === 'IN_USE'
          ? toast.error(t('certs:inUse', { name: cert.keypairname, names: (e.usedBy ?? []).join(', ') }), 'cert-in-use')
          : toast.apiError(e, 'delete'),
    });

  const columns = useMemo(() => {
    const optional: Record<CertColumn, TableColumnsType<Cert>[number]> = {
      commonName: { key: 'commonName', title: t('certs:fields.commonName'), dataIndex: 'commonName' },
      issuer: { key: 'issuer', title: t('certs:fields.issuer'), dataIndex: 'issuerCommonName' },
      san: { key: 'san', title: t('certs:fields.san'), render: (_, c) => c.san.map((s) => <Tag key={s}>{s}</Tag>) },
      expiredDays: {
        key: 'expiredDays',
        title: t('certs:fields.expiredDays'),
        render: (_, c) => <ExpiryTag days={c.expiredDays} testId={`cert-expiry-${c.keypairname}`} />,
      },
      status: {
        key: 'status',
        title: t('certs:fields.status'),
        render: (_, c) => (
          <Tooltip
            title={c.lastError ? t('certs:deployFailed', { reason: deployFailureText(c.lastError) }) : undefined}
          >
            <Tag
              color={c.status !== 'Running' ? 'processing' : c.lastError ? 'orange' : 'green'}
              data-testid={`cert-status-${c.keypairname}`}
            >
              {t(`certs:status.${c.status}`)}
            </Tag>
          </Tooltip>
        ),
      },
      usedBy: {
        key: 'usedBy',
        title: t('certs:fields.usedBy'),
        render: (_, c) =>
          c.usedBy.length ? (
            c.usedBy.map((u) => <Tag key={u}>{u}</Tag>)
          ) : (
            <Typography.Text type="secondary">{t('certs:notUsed')}</Typography.Text>
          ),
      },
      updated: {
        key: 'updated',
        title: t('certs:fields.updated'),
        render: (_, c) => <LocalTime value={c.updatedAt} seconds={false} />,
      },
    };
    const list: TableColumnsType<Cert> = [
      { key: 'keypairname', title: t('certs:fields.keypairname'), dataIndex: 'keypairname' },
    ];
    for (const key of OPTIONAL_CERT_COLUMNS) if (visible.includes(key)) list.push(optional[key]);
    list.push({
      key: 'actions',
      title: t('certs:actions'),
      render: (_, c) => (
        <Space>
          {canWrite ? (
            <Button size="small" onClick={() => onEdit(c)} data-testid={`cert-edit-${c.keypairname}`}>
              {t('certs:replace')}
            </Button>
          ) : null}
          {canWrite ? (
            <ConfirmAction kind="delete" onConfirm={() => deleteCert(c)}>
              <Button size="small" danger data-testid={`cert-delete-${c.keypairname}`}>
                {t('certs:delete')}
              </Button>
            </ConfirmAction>
          ) : null}
          <Button size="small" onClick={() => onLog(c)} data-testid={`cert-log-${c.keypairname}`}>
            {t('certs:log')}
          </Button>
        </Space>
      ),
    });
    return list;
    // deleteCert closes over the mutation, which is stable enough for rendering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, visible, canWrite, onEdit, onLog]);

  return <ItemTable<Cert> {...rows} columns={columns} testId="certs-table" />;
}
