import { INGEST_API, API_PREFIX, type CreatedIngestToken } from '@parapet/shared';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface NewTokenModalProps {
  created: CreatedIngestToken;
  onClose: () => void;
}

/** The token just made, shown this once with a copy button: the server keeps only its hash. */
export function NewTokenModal({ created, onClose }: NewTokenModalProps) {
  const { t } = useTranslation(['ingestTokens', 'common']);
  return (
    <Modal
      open
      title={t('ingestTokens:createdTitle', { name: created.name })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="ingest-token-done">
          {t('ingestTokens:done')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('ingestTokens:shownOnce')} data-testid="ingest-token-warning" />
        <Typography.Paragraph
          code
          copyable={{ text: created.token, tooltips: [t('ingestTokens:copy'), t('ingestTokens:copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="ingest-token-value"
        >
          {created.token}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {t('ingestTokens:usage', { path: `${API_PREFIX}${INGEST_API.events}` })}
        </Typography.Text>
      </Space>
    </Modal>
  );
}
