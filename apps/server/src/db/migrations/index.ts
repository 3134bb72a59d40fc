import type { Migration } from 'kysely';
import { foundation } from './0001-foundation.js';
import { accounts } from './0002-accounts.js';
import { tenancy } from './0003-tenancy.js';
import { certs } from './0004-certs.js';
import { originPolicies } from './0005-origin-policies.js';
import { deployAndPages } from './0006-deploy-and-pages.js';
import { serviceLines } from './0007-service-lines.js';
import { groupIds } from './0008-group-ids.js';
import { wafRules } from './0009-waf-rules.js';
import { ingestTokens } from './0010-ingest-tokens.js';
import { taskErrorDetail } from './0011-task-error-detail.js';

/**
 * Every migration, in order. They are imported rather than read from a folder so the bundled
 * server carries them; a new one is added at the end with the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-tenancy': tenancy,
  '0004-certs': certs,
  '0005-origin-policies': originPolicies,
  '0006-deploy-and-pages': deployAndPages,
  '0007-service-lines': serviceLines,
  '0008-group-ids': groupIds,
  '0009-waf-rules': wafRules,
  '0010-ingest-tokens': ingestTokens,
  '0011-task-error-detail': taskErrorDetail,
};
