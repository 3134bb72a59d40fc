import type { CreatedIngestToken } from '@parapet/shared';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { CreateIngestTokenModal } from './create-ingest-token-modal';
import { IngestTokensTable } from './ingest-tokens-table';
import { NewTokenModal } from './new-token-modal';

/** /admin/ingest-tokens: the tokens the edge and the simulator send events with. */
export function IngestTokensPage() {
  const { t } = useTranslation('ingestTokens');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedIngestToken>();
  return (
    <>
      <PageTitle action={{ label: t('create'), onClick: () => setCreating(true), testId: 'ingest-token-create' }}>
        {t('title')}
      </PageTitle>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <IngestTokensTable />
      <CreateIngestTokenModal open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      {/* Unmounted on close, not hidden: the token leaves the page with the modal. */}
      {created ? <NewTokenModal created={created} onClose={() => setCreated(undefined)} /> : null}
    </>
  );
}
