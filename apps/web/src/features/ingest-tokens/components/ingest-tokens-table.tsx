import type { IngestToken } from '@parapet/shared';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { ACTIONS_COLUMN, LIST_SCROLL, pinActions } from '@/components/item-table';
import { useValueFormat } from '@/lib/format-values';
import { useToast } from '@/lib/toast';
import { useIngestTokens } from '../api/list-ingest-tokens';
import { useRevokeIngestToken } from '../api/revoke-ingest-token';

/** The live tokens: name, first characters, who made them, when, last use; Revoke behind a confirmation. */
export function IngestTokensTable() {
  const { t } = useTranslation('ingestTokens');
  const format = useValueFormat();
  const toast = useToast();
  const { data, isFetching } = useIngestTokens();
  const revoke = useRevokeIngestToken();

  const onRevoke = (token: IngestToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(t('revoked', { name: token.name }), 'ingest-token-revoked'),
      onError: (error) => toast.apiError(error),
    });

  const columns: TableColumnsType<IngestToken> = [
    { key: 'name', title: t('name'), dataIndex: 'name' },
    {
      key: 'prefix',
      title: t('prefix'),
      render: (_, token) => <Typography.Text code>{`${token.prefix}…`}</Typography.Text>,
    },
    { key: 'createdBy', title: t('createdBy'), dataIndex: 'createdBy' },
    { key: 'createdAt', title: t('createdAt'), render: (_, token) => format.dateTime(token.createdAt) },
    {
      key: 'lastUsedAt',
      title: t('lastUsedAt'),
      render: (_, token) => (token.lastUsedAt === null ? t('neverUsed') : format.dateTime(token.lastUsedAt)),
    },
    {
      key: ACTIONS_COLUMN,
      title: t('actions'),
      render: (_, token) => (
        <ConfirmAction kind="proceed" onConfirm={() => onRevoke(token)}>
          <Button size="small" danger data-testid={`ingest-token-revoke-${token.name}`}>
            {t('revoke')}
          </Button>
        </ConfirmAction>
      ),
    },
  ];
  return (
    <Table<IngestToken>
      rowKey="id"
      loading={isFetching}
      columns={pinActions(columns)}
      scroll={LIST_SCROLL}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: t('empty') }}
      data-testid="ingest-tokens-table"
    />
  );
}
