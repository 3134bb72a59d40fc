import { IngestTokensPage } from './components/ingest-tokens-page';

/** /admin/ingest-tokens: ingest tokens, for admins (issue 13). */
export const Component = IngestTokensPage;
